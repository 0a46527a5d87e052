import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../i18n/en.ts';
import { ro } from '../i18n/ro.ts';
import { useUiStore, type Language } from './stores/ui.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const LANGUAGES: readonly Language[] = ['ro', 'en'];

/** The system's language when it is one we speak (ro-RO, ro-MD -> ro), else English. */
export function systemLanguage(languages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language]): Language {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ro' || base === 'en') return base;
  }
  return 'en';
}

/** The language chosen in the UI store, else the system's. */
export function effectiveLanguage(): Language {
  return useUiStore.getState().language ?? systemLanguage();
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
}

/** Starts i18next on the store's language and follows the store when the user switches. */
export function setupI18n(): typeof i18next {
  const language = effectiveLanguage();
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, ro: { translation: ro } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
  });
  applyDocumentLanguage(language);
  useUiStore.subscribe((state, previous) => {
    if (state.language === previous.language) return;
    const next = state.language ?? systemLanguage();
    if (i18next.language !== next) void i18next.changeLanguage(next);
    applyDocumentLanguage(next);
  });
  return i18next;
}
