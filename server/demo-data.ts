/**
 * Deterministic demo data: Nigerian shop names, long-tail sales inside the campaign window.
 * Loaded into an empty database on first start unless DEMO_DATA=off.
 */
import type { Campaign } from '../common/campaign.js';
import type { Parsed, SaleRow, StoreRow } from './contest/parse.js';
import type { ContestStorage } from './contest/storage.js';

/** A few fixed stores so the README can name domains that always exist. */
/** Every demo store's id is `demo-` and four digits: SQL LIKE's pattern for them. */
export const DEMO_STORE_IDS = 'demo-____';

export const FEATURED_DEMO_STORES = [
  {
    id: 'demo-0001',
    name: 'Adaeze Fabrics',
    domain: 'adaeze-fabrics.kasuwa.shop',
    custom: 'adaezefabrics.com',
    sales: 180,
  },
  { id: 'demo-0002', name: 'Mama Nkechi Kitchen', domain: 'mama-nkechi-kitchen.kasuwa.shop', custom: null, sales: 40 },
  { id: 'demo-0003', name: 'Tunde Gadgets Hub', domain: 'tunde-gadgets-hub.kasuwa.shop', custom: null, sales: 0 },
] as const;

export const FIRST = [
  'Adaeze',
  'Bukky',
  'Chioma',
  'Dami',
  'Emeka',
  'Funke',
  'Gbenga',
  'Halima',
  'Ify',
  'Jide',
  'Kemi',
  'Lola',
  'Musa',
  'Ngozi',
  'Obinna',
  'Precious',
  'Remi',
  'Sade',
  'Tobi',
  'Uche',
  'Yemi',
  'Zainab',
  'Aisha',
  'Bola',
  'Chuka',
  'Dayo',
  'Efe',
  'Femi',
  'Hauwa',
  'Ibrahim',
  'Kunle',
  'Nneka',
  'Ola',
  'Segun',
  'Temi',
  'Wale',
];
export const PLACE = [
  'Lagos',
  'Ikeja',
  'Lekki',
  'Yaba',
  'Abuja',
  'Kano',
  'Ibadan',
  'Enugu',
  'Aba',
  'Onitsha',
  'Benin',
  'Jos',
  'Port Harcourt',
  'Owerri',
  'Calabar',
  'Surulere',
];
export const TRADE = [
  'Fabrics',
  'Ankara Palace',
  'Aso Oke House',
  'Thrift Hub',
  'Kitchen',
  'Spices',
  'Hair Empire',
  'Wigs & Bundles',
  'Gadgets',
  'Phones & Accessories',
  'Shoe Palace',
  'Bags',
  'Skincare',
  'Beauty Store',
  'Perfumes',
  'Kiddies Wear',
  'Bakery',
  'Small Chops',
  'Foodstuff Market',
  'Palm Oil Depot',
  'Jewelry',
  'Beads',
  'Tailoring',
  'Native Wears',
  'Home Decor',
  'Furniture',
  'Books',
  'Pharmacy',
  'Baby Store',
  'Gele & Accessories',
  'Adire Studio',
  'Agbada Couture',
];

/** mulberry32: small, fast, deterministic. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type DemoSize = { stores: number; salesPerStore: number };

/** Demo stores and sales through the same import path as real data; returns counts. Expects empty tables. */
export async function loadDemoData(
  storage: ContestStorage,
  campaign: Campaign,
  size: DemoSize = { stores: 3000, salesPerStore: 8 },
): Promise<{ stores: number; sales: number }> {
  const random = seededRandom(20261201);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const start = Date.parse(campaign.startsAt);
  const span = Date.parse(campaign.endsAt) - start;
  const stores: Parsed<StoreRow>[] = [];
  const sales: Parsed<SaleRow>[] = [];
  const addStore = (id: string, name: string, domain: string, customDomain: string | null, optedIn: boolean) => {
    const row: StoreRow = { id, name, domain, customDomain, logoUrl: null, optedIn };
    stores.push({ line: stores.length + 1, row });
  };
  const addSales = (storeId: string, count: number, scale: number) => {
    for (let i = 0; i < count; i += 1) {
      // Typical orders ₦2,000–₦60,000, skewed low; round to whole naira.
      const naira = Math.round(2000 + scale * 58_000 * random() ** 3);
      const paidAt = new Date(start + Math.floor(random() * span)).toISOString();
      const row: SaleRow = {
        orderId: `${storeId}-o${i + 1}`,
        storeId,
        amountKobo: naira * 100,
        status: 'paid',
        paidAt,
      };
      sales.push({ line: sales.length + 1, row });
    }
  };
  const usedDomains = new Set<string>();
  for (const store of FEATURED_DEMO_STORES) {
    addStore(store.id, store.name, store.domain, store.custom, true);
    usedDomains.add(store.domain);
    addSales(store.id, store.sales, 1);
  }
  for (let n = FEATURED_DEMO_STORES.length + 1; n <= size.stores; n += 1) {
    const name = random() < 0.5 ? `${pick(FIRST)} ${pick(TRADE)}` : `${pick(PLACE)} ${pick(TRADE)}`;
    let domain = `${slug(name)}.kasuwa.shop`;
    for (let k = 2; usedDomains.has(domain); k += 1) domain = `${slug(name)}-${k}.kasuwa.shop`;
    usedDomains.add(domain);
    const id = `demo-${String(n).padStart(4, '0')}`;
    // About 1 in 20 stores has not opted in; about 1 in 6 has not sold yet.
    addStore(id, name, domain, null, random() >= 0.05);
    if (random() < 0.16) continue;
    // Long tail: a few stores sell a lot, most sell a little (Pareto-like order counts).
    const orders = Math.max(1, Math.floor(size.salesPerStore / (random() ** 1.6 * 6 + 0.05) / 4));
    addSales(id, Math.min(orders, 400), random());
  }
  await storage.importStores(stores);
  await storage.importSales(campaign, sales);
  return { stores: stores.length, sales: sales.length };
}

/** The partner codes of the demo signups (`partners:report` has something to show on a fresh start). */
export const DEMO_PARTNERS = ['ada-fashion-blog', 'lagos-tech-weekly', 'naija-side-hustle'] as const;

/**
 * About forty demo signups over the five weeks before the campaign starts: most with one of the demo
 * partner codes, some without. Written without welcome e-mails (nobody is behind these addresses).
 */
export function demoSignups(
  campaign: Campaign,
): { email: string; at: string; source: string; partner: string | null }[] {
  const random = seededRandom(20261125);
  const start = Date.parse(campaign.startsAt);
  const span = 35 * 86_400_000;
  return Array.from({ length: 40 }, (_, i) => {
    const first = FIRST[Math.floor(random() * FIRST.length)] as string;
    // About one in five came with no partner code.
    const pick = random();
    const partner = pick < 0.2 ? null : (DEMO_PARTNERS[pick < 0.55 ? 0 : pick < 0.8 ? 1 : 2] as string);
    return {
      email: `${slug(first)}.${i + 1}@example.ng`,
      at: new Date(start - span + Math.floor(random() * span)).toISOString(),
      source: partner ? `${partner}.example/post` : 'kasuwa.shop/',
      partner,
    };
  }).sort((a, b) => a.at.localeCompare(b.at));
}

export type GeneratedSize = { stores: number; sales: number; seed?: number };

/**
 * Scale data for `demo:generate` and the benchmark, as rows for the real import path. Deterministic for
 * a seed. With at least as many sales as stores every store sells once inside the window and the rest
 * go to a few popular stores; fewer sales leave most stores without any. Amounts are Pareto-like (most
 * orders a few thousand naira, a few in the hundreds of thousands); 3% of the extra sales fall just
 * before the window (stored, not counted); 1 store in 100 has not opted in; 1 in 50 has its own domain.
 */
export function generateContestData(campaign: Campaign, size: GeneratedSize) {
  const seed = size.seed ?? 20261201;
  const start = Date.parse(campaign.startsAt);
  const span = Date.parse(campaign.endsAt) - start;
  const storeId = (n: number) => `gen-${String(n).padStart(7, '0')}`;

  function* stores(): Generator<Parsed<StoreRow>> {
    const random = seededRandom(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    for (let n = 1; n <= size.stores; n += 1) {
      const name = random() < 0.5 ? `${pick(FIRST)} ${pick(TRADE)}` : `${pick(PLACE)} ${pick(TRADE)}`;
      const own = random() < 0.02 ? `${slug(name).replace(/-/g, '')}${n}.com.ng` : null;
      const row: StoreRow = {
        id: storeId(n),
        name,
        domain: `${slug(name)}-${n}.kasuwa.shop`,
        customDomain: own,
        logoUrl: null,
        optedIn: random() >= 0.01,
      };
      yield { line: n, row };
    }
  }

  function* sales(): Generator<Parsed<SaleRow>> {
    const random = seededRandom(seed ^ 0x5a1e5);
    for (let j = 0; j < size.sales; j += 1) {
      const everyone = size.sales >= size.stores && j < size.stores;
      const store = everyone ? j + 1 : 1 + Math.floor(size.stores * random() ** 3);
      const naira = Math.min(5_000_000, Math.round(1000 / (1 - random()) ** 0.7));
      const kobo = naira * 100 + (random() < 0.3 ? 50 : 0);
      const outside = !everyone && random() < 0.03;
      const at = outside ? start - 1 - Math.floor(random() * 30 * 86_400_000) : start + Math.floor(random() * span);
      const row: SaleRow = {
        orderId: `gen-o${j + 1}`,
        storeId: storeId(store),
        amountKobo: kobo,
        status: 'paid',
        paidAt: new Date(at).toISOString(),
      };
      yield { line: j + 1, row };
    }
  }

  return { stores, sales };
}
