/**
 * `npx tsx bench/csv-parse.ts [rows=1000000] [quoted|plain]`: how fast `sales:import` turns a sales CSV
 * into rows (parseSalesCsv, every line checked), without the database. `quoted` (the default) quotes one
 * store_id in ten, so the file goes through csv-parse; `plain` has no quote, the split fast path.
 * Prints rows per second and the heap after.
 */
import { parseSalesCsv } from '../server/contest/parse.js';

const rows = Number(process.argv[2] ?? 1_000_000);
const quoted = process.argv[3] !== 'plain';
let csv = 'order_id,store_id,amount,status,paid_at\n';
const lines: string[] = [];
for (let i = 0; i < rows; i++) {
  const name = quoted && i % 10 === 0 ? `"Store, ${i}"` : `s${i % 50_000}`;
  lines.push(
    `o${i},${name},${(i % 90_000) + 100}.50,paid,2026-12-${String((i % 28) + 1).padStart(2, '0')}T10:00:00+01:00`,
  );
}
csv += lines.join('\n');
lines.length = 0;

const started = performance.now();
let valid = 0;
let bad = 0;
for (const parsed of parseSalesCsv(csv)) {
  if (parsed.error === undefined) valid += 1;
  else bad += 1;
}
const seconds = (performance.now() - started) / 1000;
const heap = process.memoryUsage().heapUsed / 1024 / 1024;
console.log(
  `${quoted ? 'quoted' : 'plain'} ${rows.toLocaleString('en-US')} rows: ${valid} valid, ${bad} bad in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s; heap ${heap.toFixed(0)} MB`,
);
