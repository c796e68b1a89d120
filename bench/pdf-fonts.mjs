// Recipients' PDFs with characters beyond WinAnsi (decision 0052): size and render time of one
// e-statement drawn two ways — each text in the first font that has its characters (Helvetica for
// Latin text, embedded DejaVu Sans / Noto Sans SC subsets otherwise: what the server does) and every
// text in one embedded font — for a Latin-only document and a mixed Chinese / Cyrillic / Indonesian one.
// In process (the built server's renderer), one document at a time as the dispatcher renders them.
import { execSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 30);
if (process.env.BENCH_BUILD !== '0') {
  execSync('npm run build -w packages/contracts && npm run build -w apps/server', {
    cwd: root,
    stdio: 'ignore',
  });
}
const { renderPdf } = await import(path.join(root, 'apps/server/dist/modules/campaigns/pdf/render-pdf.js'));

const rows = Array.from({ length: 30 }, (_, i) => [
  `2026-11-${String(i + 1).padStart(2, '0')}`,
  '{{item}}',
  `Rp ${i + 1}.000`,
]);
const script = {
  pageSize: 'A4',
  orientation: 'portrait',
  fileName: 'statement.pdf',
  passwordParam: null,
  linkDays: 30,
  blocks: [
    { kind: 'heading', text: 'Laporan rekening {{name}}', level: 1, align: 'left' },
    {
      kind: 'paragraph',
      text: 'Yth. {{name}}, berikut ringkasan transaksi Anda bulan ini. {{note}}',
      align: 'left',
    },
    {
      kind: 'keyValue',
      rows: [
        { label: 'Nasabah', value: '{{name}}' },
        { label: 'Rekening', value: '1234-5678' },
      ],
    },
    { kind: 'table', columns: ['Tanggal', 'Keterangan', 'Jumlah'], rows },
  ],
};
const documents = {
  latin: { name: 'Sari Dewi', note: 'Terima kasih.', item: 'Transfer masuk' },
  mixed: { name: '王小明', note: 'Спасибо за доверие.', item: '转账 / перевод' },
};
const ways = {
  'first font that fits': undefined,
  'all in Noto Sans SC': 'NotoSansSC',
  'all in DejaVu Sans': 'DejaVuSans',
};

// The first render parses the font files (once per process): reported apart.
const t0 = performance.now();
await renderPdf(script, documents.mixed);
console.log(
  `first render (font files read and parsed once per process): ${(performance.now() - t0).toFixed(0)} ms`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}, ${os.cpus().length} cores, Node ${process.version}, ${runs} runs each`,
);
console.log('| document | fonts | size | render p50 | render max |');
console.log('| --- | --- | --- | --- | --- |');
for (const [doc, params] of Object.entries(documents)) {
  for (const [way, preferFont] of Object.entries(ways)) {
    if (doc === 'mixed' && preferFont === 'DejaVuSans') continue; // DejaVu has no Chinese
    const times = [];
    let size = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const bytes = await renderPdf(script, params, preferFont ? { preferFont } : {});
      times.push(performance.now() - start);
      size = bytes.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${doc} | ${way} | ${(size / 1024).toFixed(1)} kB | ${times[Math.floor(runs / 2)].toFixed(1)} ms | ${times.at(-1).toFixed(1)} ms |`,
    );
  }
}
