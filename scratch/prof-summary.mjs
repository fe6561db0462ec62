import fs from 'node:fs';
const file = process.argv[2];
const p = JSON.parse(fs.readFileSync(file));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
const hits = new Map();
p.samples.forEach((id, i) => { hits.set(id, (hits.get(id) || 0) + dt[i]); total += dt[i]; });
// self time by function+url
for (const [id, t] of hits) { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) || 0) + t); }
// inclusive by package
const parent = new Map(); for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of hits) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const u = n.callFrame.url; let k = u.includes('node_modules/') ? u.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : u.replace(/.*\/work\/main\//, ''); if (!seen.has(k)) { incl.set(k, (incl.get(k) || 0) + t); seen.add(k);} cur = parent.get(cur); } }
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms ${(100 * v / total).toFixed(1).padStart(5)}% ${k}`).join('\n');
console.log('total', (total / 1000).toFixed(0), 'ms');
console.log('--- self'); console.log(top(self, 40));
console.log('--- inclusive by file/package'); console.log(top(incl, 45));
