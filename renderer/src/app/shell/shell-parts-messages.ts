import type { Messages } from '../../i18n/messages-type.ts';

/*
 * The shell's parts added for issue 29: the skip link, the collapsible listener card, the
 * "needs attention" badge and its list, and the palette's record hints.
 */

export const en = {
  skipToContent: 'Skip to content',
  listenerShow: 'Show how to connect your code',
  listenerHide: 'Hide how to connect your code',
  imageUnavailable: 'Image unavailable',
  attention: {
    badge_one: '{{count}} thing needs attention',
    // The _few keys exist for Romanian (one, few, other); English never picks them.
    badge_few: '{{count}} things need attention',
    badge_other: '{{count}} things need attention',
    title: 'Needs attention',
    loading: 'Checking…',
    failedDeliveries_one: '{{count}} webhook notification failed and will not be sent again',
    failedDeliveries_few: '{{count}} webhook notifications failed and will not be sent again',
    failedDeliveries_other: '{{count}} webhook notifications failed and will not be sent again',
    failedDeliveriesAction: 'Open the webhook log (failed)',
    pausedReceiver: 'Notifications to “{{connector}}” are paused: its address stopped answering ({{url}})',
    pausedReceiverAction: 'Open the connector',
    storageUnreachable: 'The attachments storage could not be reached: {{message}}',
    storageUnreachableAction: 'Open the storage settings',
    since: 'Since {{time}}',
  },
};

export const ro: Messages<typeof en> = {
  skipToContent: 'Sari la conținut',
  listenerShow: 'Arată cum îți conectezi codul',
  listenerHide: 'Ascunde cum îți conectezi codul',
  imageUnavailable: 'Imagine indisponibilă',
  attention: {
    badge_one: '{{count}} lucru cere atenție',
    badge_few: '{{count}} lucruri cer atenție',
    badge_other: '{{count}} de lucruri cer atenție',
    title: 'Cere atenție',
    loading: 'Se verifică…',
    failedDeliveries_one: '{{count}} notificare webhook a eșuat și nu va mai fi trimisă',
    failedDeliveries_few: '{{count}} notificări webhook au eșuat și nu vor mai fi trimise',
    failedDeliveries_other: '{{count}} de notificări webhook au eșuat și nu vor mai fi trimise',
    failedDeliveriesAction: 'Deschide jurnalul webhook (eșuate)',
    pausedReceiver: 'Notificările către „{{connector}}” sunt oprite temporar: adresa nu mai răspunde ({{url}})',
    pausedReceiverAction: 'Deschide conectorul',
    storageUnreachable: 'Stocarea atașamentelor nu a putut fi accesată: {{message}}',
    storageUnreachableAction: 'Deschide setările de stocare',
    since: 'Din {{time}}',
  },
};
