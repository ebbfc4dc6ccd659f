import { build } from 'esbuild';

const r = await build({
  entryPoints: ['widgets/loader.ts'],
  bundle: true,
  splitting: true,
  format: 'esm',
  outdir: '/tmp/metaout',
  minify: true,
  metafile: true,
  write: false,
  conditions: ['production', 'browser', 'module', 'import', 'default'],
  define: { 'process.env.NODE_ENV': '"production"' },
  target: 'es2020',
  jsx: 'automatic',
});
const by = {};
for (const [out, o] of Object.entries(r.metafile.outputs))
  for (const [inp, i] of Object.entries(o.inputs)) {
    const m = inp.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const k = m ? m[1] : inp.split('/').slice(0, 2).join('/');
    by[k] = (by[k] || 0) + i.bytesInOutput;
  }
console.log(
  Object.entries(by)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${(v / 1024).toFixed(1)}K ${k}`)
    .join('\n'),
);
const gi = {};
for (const [out, o] of Object.entries(r.metafile.outputs))
  for (const [inp, i] of Object.entries(o.inputs)) if (inp.includes('node_modules/graphql/')) gi[inp] = i.bytesInOutput;
const ai = {};
for (const [out, o] of Object.entries(r.metafile.outputs))
  for (const [inp, i] of Object.entries(o.inputs))
    if (inp.includes('@apollo/client/')) ai[inp.replace(/.*@apollo.client./, '')] = i.bytesInOutput;
console.log(
  Object.entries(ai)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25),
);
console.log(
  Object.entries(gi)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15),
);
