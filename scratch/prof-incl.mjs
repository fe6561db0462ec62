import fs from 'node:fs';
const p = JSON.parse(fs.readFileSync(process.argv[2]));
const pat = process.argv[3] ? new RegExp(process.argv[3]) : null;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
const hits = new Map(); p.samples.forEach((id, i) => hits.set(id, (hits.get(id) || 0) + p.timeDeltas[i]));
const incl = new Map();
for (const [id, t] of hits) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${n.callFrame.lineNumber}`; if (!seen.has(k)) { incl.set(k, (incl.get(k) || 0) + t); seen.add(k);} cur = parent.get(cur); } }
const rows = [...incl].filter(([k]) => !pat || pat.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 70);
for (const [k, v] of rows) console.log(`${(v / 1000).toFixed(0).padStart(6)} ms ${k}`);
