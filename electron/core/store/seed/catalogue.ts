// Product catalogue of the demo account: manufacturers, categories, web categories, families,
// properties, products (one row per variant), images, stock, pricelists and their rules.
import type { VatKind } from '../../../../shared/domain/vat.ts';
import type { Ctx } from './context.ts';
import { COMPANY_ID } from './context.ts';
import { rateFor } from './reference.ts';
import { Weighted, at, pad, round2, round3 } from './random.ts';
import { DAY, ascii, dayOf, inserter } from './util.ts';
import { ProductTable, productBarcode, productCode } from './product-table.ts';
import type { Unit } from './product-table.ts';

export interface Catalogue {
  products: ProductTable;
  /** Indices of products that documents may sell (not deleted, not archived, sellable). */
  sellable: number[];
  categoryIds: number[];
  manufacturerIds: number[];
}

interface Noun {
  name: string;
  unit: Unit;
  min: number;
  max: number;
  weight: number;
}

type VariantKind = 'clothing' | 'shoes' | 'color' | 'none';

interface CategoryDef {
  name: string;
  parent?: string;
  vatKind: VatKind;
  share: number;
  brands: string[];
  variants: VariantKind;
  eurShare: number;
  webCategory: number;
  nouns: Noun[];
}

const n = (name: string, min: number, max: number, weight = 1, unit: Noun['unit'] = 'buc'): Noun => ({
  name,
  unit,
  min,
  max,
  weight,
});

const MANUFACTURERS = [
  'TehnoVolt', 'Casa Verde', 'UrbanWear', 'Carpathia Foods', 'Litera Nova', 'Jucăria Veselă', 'MeșterPro',
  'Stupina Veche',
];

const CATEGORIES: CategoryDef[] = [
  {
    name: 'Electrocasnice', vatKind: 'standard', share: 14, brands: ['TehnoVolt'], variants: 'color', eurShare: 0.35, webCategory: 1,
    nouns: [
      n('Fierbător electric 1.7L', 90, 250, 2), n('Prăjitor de pâine', 100, 300), n('Blender vertical', 120, 450),
      n('Mixer de mână', 80, 250), n('Aspirator vertical', 450, 1800), n('Fier de călcat cu abur', 150, 600),
      n('Espressor automat', 900, 3500), n('Robot de bucătărie', 600, 2500), n('Cântar de bucătărie', 40, 120),
      n('Uscător de păr', 90, 400),
    ],
  },
  {
    name: 'Articole de bucătărie', vatKind: 'standard', share: 12, brands: ['Casa Verde'], variants: 'color', eurShare: 0.05, webCategory: 1,
    nouns: [
      n('Set cuțite', 80, 450, 1, 'set'), n('Tigaie antiaderentă 28 cm', 60, 280, 2), n('Oală inox 5L', 90, 350),
      n('Set tacamuri 24 piese', 120, 500, 1, 'set'), n('Tocător din lemn', 25, 90), n('Cană ceramică', 15, 45, 2),
      n('Set pahare', 40, 150, 1, 'set'), n('Cutie depozitare', 15, 60),
    ],
  },
  {
    name: 'Îmbrăcăminte', vatKind: 'standard', share: 18, brands: ['UrbanWear'], variants: 'clothing', eurShare: 0, webCategory: 2,
    nouns: [
      n('Tricou bumbac', 39, 99, 3), n('Cămașă bărbați', 89, 229), n('Bluză damă', 69, 189), n('Pulover lână', 129, 349),
      n('Blugi slim', 149, 329, 2), n('Geacă impermeabilă', 249, 699), n('Hanorac cu glugă', 119, 279, 2),
    ],
  },
  {
    name: 'Încălțăminte', vatKind: 'standard', share: 9, brands: ['UrbanWear'], variants: 'shoes', eurShare: 0, webCategory: 2,
    nouns: [n('Pantofi sport', 199, 549, 2), n('Ghete piele', 299, 699), n('Sandale damă', 99, 299), n('Papuci de casa', 39, 99)],
  },
  {
    name: 'Alimente și băuturi', vatKind: 'reduced', share: 10, brands: ['Carpathia Foods', 'Stupina Veche'], variants: 'none', eurShare: 0,
    webCategory: 6,
    nouns: [
      n('Miere de salcâm 500 g', 25, 60, 2), n('Ulei de măsline extravirgin 750 ml', 35, 80), n('Ciocolată neagră 70%', 8, 25),
      n('Miez de nucă', 40, 70, 1, 'kg'), n('Fasole boabe', 10, 18, 1, 'kg'), n('Brânză telemea de oaie', 30, 55, 1, 'kg'),
      n('Dulceață de caise 370 g', 12, 25), n('Zacuscă de casă 300 g', 10, 22),
    ],
  },
  {
    name: 'Cafea și ceai', parent: 'Alimente și băuturi', vatKind: 'reduced', share: 5, brands: ['Carpathia Foods'], variants: 'none',
    eurShare: 0.1, webCategory: 6,
    nouns: [
      n('Cafea boabe', 70, 160, 2, 'kg'), n('Cafea măcinată 250 g', 18, 45, 2), n('Ceai verde 20 plicuri', 9, 25),
      n('Ceai de fructe 20 plicuri', 8, 22), n('Set cadou cafea și ceai', 90, 220, 1, 'set'),
    ],
  },
  {
    name: 'Cărți', vatKind: 'reduced_low', share: 8, brands: ['Litera Nova'], variants: 'none', eurShare: 0, webCategory: 4,
    nouns: [
      n('Carte de bucate tradiționale', 49, 129), n('Roman istoric', 39, 89, 2), n('Ghid de călătorie România', 45, 99),
      n('Carte pentru copii', 25, 69, 2), n('Atlas ilustrat', 59, 149),
    ],
  },
  {
    name: 'Papetărie', vatKind: 'standard', share: 7, brands: ['Litera Nova'], variants: 'color', eurShare: 0, webCategory: 3,
    nouns: [
      n('Agenda datata', 29, 89, 2), n('Set pixuri', 12, 45, 1, 'set'), n('Caiet A4 matematică', 5, 15, 2),
      n('Dosar plic', 2, 6), n('Marker permanent', 4, 12),
    ],
  },
  {
    name: 'Jucării', vatKind: 'standard', share: 9, brands: ['Jucăria Veselă'], variants: 'none', eurShare: 0.1, webCategory: 4,
    nouns: [
      n('Set construcție 500 piese', 99, 299), n('Păpușă articulată', 59, 159), n('Puzzle 1000 piese', 39, 99, 2),
      n('Mașinuță teleghidată', 89, 349), n('Joc de societate', 69, 199, 2),
    ],
  },
  {
    name: 'Bricolaj și grădină', vatKind: 'standard', share: 8, brands: ['MeșterPro', 'Casa Verde'], variants: 'none', eurShare: 0.25,
    webCategory: 5,
    nouns: [
      n('Bormașină cu acumulator', 299, 1199), n('Set chei tubulare', 99, 399, 1, 'set'), n('Furtun grădină 25 m', 59, 189),
      n('Foarfecă de grădină', 39, 129), n('Set șurubelnițe', 39, 149, 1, 'set'), n('Lampă solară de grădină', 19, 79, 2),
    ],
  },
];

const WEB_CATEGORIES: readonly (readonly [number, string, number | null])[] = [
  [1, 'Casa si bucatarie', null],
  [2, 'Moda', null],
  [3, 'Birou si scoala', null],
  [4, 'Copii', null],
  [5, 'Gradina si bricolaj', null],
  [6, 'Bacanie fina', 1],
  [7, 'Promotii', null],
  [8, 'Black Friday 2024', null],
];

const MODELS = ['Clasic', 'Premium', 'Eco', 'Plus', 'Compact', 'Deluxe', 'Mini', 'Pro', 'Confort', 'Smart', 'Vital', 'Family'];
const COLORS = ['Negru', 'Alb', 'Albastru', 'Roșu', 'Gri', 'Verde', 'Bej', 'Bleumarin'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const PROPERTIES = ['Culoare', 'Mărime', 'Material', 'Garanție', 'Greutate neta'];
const MATERIALS_CLOTHING = ['Bumbac 100%', 'Bumbac organic', 'Poliester', 'Lână merinos', 'Denim'];

/**
 * cod_intern of the demo: the product id and the first four letters of its category, as the
 * internal codes clients of the real service show (`1-ATEL`): `17-ELEC`, `230-IMBR`.
 */
const internalPrefix = (category: string): string => ascii(category).replace(/[^A-Za-z]/g, '').slice(0, 4).toUpperCase();

/** delistat of the demo: archived products, and one live product in this many, were delisted. */
const DELISTED_EVERY = 29;

export function seedCatalogue(ctx: Ctx, productCount: number): Catalogue {
  const { db, rng } = ctx;
  const cid = COMPANY_ID;

  const insMan = inserter(db, 'manufacturers', ['id', 'company_id', 'name']);
  const manIds = new Map<string, number>();
  MANUFACTURERS.forEach((name, i) => {
    insMan.run(i + 1, cid, name);
    manIds.set(name, i + 1);
  });

  const insCat = inserter(db, 'product_categories', ['id', 'company_id', 'name', 'parent_id']);
  const catIds = new Map<string, number>();
  CATEGORIES.forEach((cat, i) => {
    const parent = cat.parent ? (catIds.get(cat.parent) ?? null) : null;
    insCat.run(i + 1, cid, cat.name, parent);
    catIds.set(cat.name, i + 1);
  });

  const insWeb = inserter(db, 'web_categories', [
    'id', 'company_id', 'name', 'parent_id', 'image_url', 'image_path', 'image_title', 'image_description',
    'image_alt_text', 'deleted', 'last_changed_ts',
  ]);
  for (const [id, name, parent] of WEB_CATEGORIES) {
    const withImage = id <= 5;
    insWeb.run(
      id, cid, name, parent, withImage ? `https://cdn.demo-retail.ro/img/categorii/${id}.jpg` : null, null,
      withImage ? name : '', withImage ? `Categoria ${name}` : '', withImage ? name : '', id === 8 ? 1 : 0,
      ctx.ts(ctx.startSec + id * 3 * DAY),
    );
  }

  const insProp = inserter(db, 'properties', ['id', 'company_id', 'name']);
  PROPERTIES.forEach((name, i) => insProp.run(i + 1, cid, name));

  const insPricelist = inserter(db, 'pricelists', ['id', 'company_id', 'name', 'currency', 'active', 'last_changed_ts']);
  ['Distribuitori', 'Clienti fideli', 'Angro'].forEach((name, i) => {
    insPricelist.run(i + 1, cid, name, 'RON', 1, ctx.ts(ctx.startSec + (i + 1) * 11 * DAY));
  });

  const insFamily = inserter(db, 'product_families', ['id', 'company_id', 'name']);
  const insProduct = inserter(db, 'products', [
    'id', 'company_id', 'family_id', 'cod_produs', 'cod_varianta', 'barcode', 'cod_intern', 'delisted', 'product_name', 'product_website_title',
    'product_description', 'category_id', 'manufacturer_id', 'unitate_masura', 'pret_vanzare', 'cota_tva_vanzare',
    'selling_currency', 'last_acquisition_price_ron', 'last_purchase_price', 'last_purchase_currency', 'weight_kg',
    'is_sellable', 'partner_visible', 'website_published', 'archived', 'deleted', 'created_ts', 'last_changed_ts',
  ]);
  const insPwc = inserter(db, 'product_web_categories', ['product_id', 'web_category_id']);
  const insImage = inserter(db, 'product_images', [
    'id', 'company_id', 'product_id', 'url', 'storage_path', 'mime_type', 'size_bytes', 'title', 'description',
    'alt_text', 'position', 'created_ts',
  ]);
  const insPp = inserter(db, 'product_properties', ['product_id', 'property_id', 'value']);
  const insStock = inserter(db, 'stock', [
    'company_id', 'product_id', 'workpoint_id', 'quantity', 'reserved', 'acquisition_value_ron',
  ]);

  const catPicker = new Weighted(CATEGORIES.map((c, i) => [i, c.share] as const));
  const prefixes = CATEGORIES.map((c) => internalPrefix(c.name));
  const nounPickers = CATEGORIES.map((c) => new Weighted(c.nouns.map((x) => [x, x.weight] as const)));
  const products = new ProductTable(productCount);
  const eurRate = rateFor('EUR', dayOf(ctx.startSec));
  let familyCount = 0;

  const createdFrom = ctx.startSec - 365 * DAY;
  const createdTo = ctx.nowSec - 20 * DAY;

  while (products.length < productCount) {
    const ci = catPicker.pick(rng);
    const cat = at(CATEGORIES, ci);
    const noun = at(nounPickers, ci).pick(rng);
    const brand = rng.pick(cat.brands);
    const model = rng.pick(MODELS);
    const baseName = `${noun.name} ${brand} ${model}`;
    const categoryId = catIds.get(cat.name) ?? 1;
    const manufacturerId = manIds.get(brand) ?? 1;

    // variants of one article: list of [suffix for name, variant code suffix, properties]
    let variants: { label: string; codeSuffix: string; props: [number, string][] }[];
    if (cat.variants === 'clothing') {
      const colors = rng.sampleIndices(COLORS.length, rng.int(1, 2)).map((i) => at(COLORS, i));
      const first = rng.int(0, 2);
      const sizes = SIZES.slice(first, first + rng.int(2, 4));
      const material = rng.pick(MATERIALS_CLOTHING);
      variants = [];
      for (const color of colors) {
        for (const size of sizes) {
          variants.push({
            label: `${size} ${color}`,
            codeSuffix: `${size}-${ascii(color).toUpperCase()}`,
            props: [[1, color], [2, size], [3, material]],
          });
        }
      }
    } else if (cat.variants === 'shoes') {
      const color = rng.pick(COLORS);
      const first = rng.int(36, 40);
      const count = rng.int(3, 5);
      variants = [];
      for (let s = first; s < first + count; s++) {
        variants.push({ label: `${s} ${color}`, codeSuffix: `${s}-${ascii(color).toUpperCase()}`, props: [[1, color], [2, String(s)], [3, 'Piele naturală']] });
      }
    } else if (cat.variants === 'color' && rng.chance(0.2)) {
      const colors = rng.sampleIndices(COLORS.length, rng.int(2, 3)).map((i) => at(COLORS, i));
      variants = colors.map((color) => ({ label: color, codeSuffix: ascii(color).toUpperCase(), props: [[1, color], [4, '24 luni']] }));
    } else {
      const props: [number, string][] = [];
      if (ci === 0) props.push([4, '24 luni']);
      if (cat.vatKind === 'reduced' && noun.unit !== 'kg') props.push([5, noun.name.match(/\d+ (g|ml)$/)?.[0] ?? '1 buc']);
      variants = [{ label: '', codeSuffix: '', props }];
    }
    if (variants.length > productCount - products.length) variants = variants.slice(0, productCount - products.length);

    let familyId: number | null = null;
    let familyCode = '';
    if (variants.length > 1) {
      familyId = ++familyCount;
      familyCode = `F${pad(familyId, 5)}`;
      insFamily.run(familyId, cid, baseName);
    }

    const eur = rng.chance(cat.eurShare);
    const grossRon = Math.floor(rng.float(noun.min, noun.max)) + 0.99;
    // the catalogue carries today's rate; prices are set as gross amounts ending in .99 at it
    const vat = ctx.vatRate(ctx.nowSec, cat.vatKind);
    const netRon = round2(grossRon / (1 + vat / 100));
    // most of the catalogue predates the document window; the rest was added during it
    const createdSec = rng.chance(0.8) ? ctx.secBetween(createdFrom, ctx.startSec) : ctx.secBetween(ctx.startSec, createdTo);
    const weightBase = noun.unit === 'kg' ? 1 : ci <= 1 ? rng.float(0.5, 6) : ci <= 3 ? rng.float(0.2, 1.2) : rng.float(0.1, 2);

    for (const v of variants) {
      const id = products.length + 1;
      const code = productCode(id);
      const price = eur ? round2(netRon / eurRate) : netRon;
      const costRon = round2(netRon * rng.float(0.55, 0.75));
      const deleted = rng.chance(0.03);
      const archived = !deleted && rng.chance(0.05);
      const sellable = !rng.chance(0.04);
      const active = !deleted && !archived && sellable;
      const published = active && rng.chance(0.33);
      const partnerVisible = !deleted && rng.chance(0.2);
      const name = v.label ? `${baseName} ${v.label}` : baseName;
      const variantCode = familyCode ? `${familyCode}-${v.codeSuffix}` : '';
      const barcode = productBarcode(id);
      const changedSec = rng.chance(0.5) ? ctx.after(createdSec, 0, DAY) : ctx.secBetween(createdSec, ctx.nowSec);
      const currency = eur ? 'EUR' : 'RON';
      const weight = round3(weightBase);
      products.push({
        name, unit: noun.unit, price, currency, vatKind: cat.vatKind, costRon, weight, createdSec, sellable, deleted, archived,
        published, partnerVisible,
      });
      insProduct.run(
        id, cid, familyId, code, variantCode, barcode,
        // cod_intern and delisted are derived from the id, not drawn: the rest of the demo stays the same draw for draw.
        `${id}-${at(prefixes, ci)}`, archived || (!deleted && id % DELISTED_EVERY === 0) ? 1 : 0, name,
        published ? `${name} | Demo Retail` : '',
        published ? `${noun.name} de la ${brand}, gama ${model}. Livrare rapidă în toată țara.` : '',
        categoryId, manufacturerId, noun.unit, price, vat, currency, costRon,
        eur ? round2(costRon / eurRate) : costRon, eur ? 'EUR' : 'RON', weight, sellable ? 1 : 0,
        partnerVisible ? 1 : 0, published ? 1 : 0, archived ? 1 : 0, deleted ? 1 : 0, ctx.ts(createdSec), ctx.ts(changedSec),
      );
      if (published) {
        insPwc.run(id, cat.webCategory);
        if (rng.chance(0.12)) insPwc.run(id, 7);
      }
      for (const [propertyId, value] of v.props) insPp.run(id, propertyId, value);
      if (!deleted && rng.chance(0.45)) {
        const count = rng.int(1, 3);
        for (let k = 0; k < count; k++) {
          insImage.run(
            ctx.id('product_images'), cid, id, `https://cdn.demo-retail.ro/img/${code.toLowerCase()}-${k + 1}.jpg`, null,
            'image/jpeg', rng.int(35000, 420000), name, k === 0 ? 'Imagine principala' : `Imagine ${k + 1}`, name, k,
            ctx.ts(createdSec),
          );
        }
      }
      for (const wp of [1, 2]) {
        let qty = 0;
        if (!deleted) {
          const zero = rng.chance(wp === 1 ? 0.1 : 0.2);
          if (!zero) qty = noun.unit === 'kg' ? round3(rng.float(1, wp === 1 ? 300 : 25)) : rng.int(1, wp === 1 ? 500 : 40);
        }
        // Reserved stock is what open connector orders hold (issuing/stock-moves.ts), and every demo order has its
        // sales receipt: nothing is reserved. The draws that once made up reservations stay, so the rest of the demo
        // is the same data as before.
        if (qty > 0 && rng.chance(0.15)) rng.int(1, 5);
        insStock.run(cid, id, wp, qty, 0, round2(qty * costRon));
      }
      ctx.progress.add();
    }
  }

  seedPricelistRules(ctx, products, [...catIds.values()], [...manIds.values()]);

  const sellable: number[] = [];
  for (let i = 0; i < products.length; i++) {
    if (!products.deleted(i) && !products.archived(i) && products.sellable(i)) sellable.push(i);
  }
  return { products, sellable, categoryIds: [...catIds.values()], manufacturerIds: [...manIds.values()] };
}

function seedPricelistRules(ctx: Ctx, products: ProductTable, categoryIds: number[], manufacturerIds: number[]): void {
  const { db, rng } = ctx;
  const ins = inserter(db, 'pricelist_rules', [
    'id', 'company_id', 'pricelist_id', 'product_id', 'category_id', 'manufacturer_id', 'kind', 'value', 'min_quantity',
    'valid_from', 'valid_to',
  ]);
  const rule = (
    pricelistId: number,
    target: { product?: number; category?: number; manufacturer?: number },
    kind: 'fixed_price' | 'discount_percent',
    value: number,
    minQuantity = 1,
    validFrom: string | null = null,
    validTo: string | null = null,
  ): void => {
    ins.run(
      ctx.id('pricelist_rules'), COMPANY_ID, pricelistId, target.product ?? null, target.category ?? null,
      target.manufacturer ?? null, kind, value, minQuantity, validFrom, validTo,
    );
  };
  const eurRate = rateFor('EUR', ctx.today);
  const ronPrice = (i: number): number => (products.currency(i) === 'EUR' ? round2(products.price(i) * eurRate) : products.price(i));

  // Distribuitori: fixed prices on some products, percent discounts on two categories and a manufacturer
  rule(1, { category: at(categoryIds, 2) }, 'discount_percent', 12);
  rule(1, { category: at(categoryIds, 3) }, 'discount_percent', 12);
  rule(1, { manufacturer: at(manufacturerIds, 0) }, 'discount_percent', 8);
  // Clienti fideli: manufacturer discounts, a time-limited promotion
  rule(2, { manufacturer: at(manufacturerIds, 1) }, 'discount_percent', 5);
  rule(2, { manufacturer: at(manufacturerIds, 2) }, 'discount_percent', 7);
  rule(2, { manufacturer: at(manufacturerIds, 5) }, 'discount_percent', 10);
  // Angro: every category from 10 pieces on
  for (const c of categoryIds) rule(3, { category: c }, 'discount_percent', 15, 10);

  const promoFrom = ctx.today - 20;
  for (let i = 0; i < products.length; i++) {
    if (products.deleted(i)) continue;
    const id = products.id(i);
    const r = rng.next();
    if (r < 0.08) rule(1, { product: id }, 'fixed_price', round2(ronPrice(i) * 0.8));
    else if (r < 0.11) {
      const promo = rng.chance(0.5);
      const from = promo ? ctx.date(promoFrom) : null;
      const to = promo ? ctx.date(promoFrom + 40) : null;
      rule(2, { product: id }, 'fixed_price', round2(ronPrice(i) * 0.92), 1, from, to);
    } else if (r < 0.16) rule(3, { product: id }, 'fixed_price', round2(ronPrice(i) * 0.78), 20);
  }
}
