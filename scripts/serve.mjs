// A plain static file server, standing in for any web server: no rewrites. Beside Content-Type it sends the
// security headers the README's deployment section asks of every host: the page's Content-Security-Policy
// (read from its meta tag) as a header with frame-ancestors 'none', which a meta tag cannot carry, and
// X-Frame-Options, X-Content-Type-Options and Referrer-Policy. Like every static host (GitHub Pages, Netlify,
// Cloudflare, nginx with gzip on), it compresses text and WASM for a browser that accepts it: brotli, else
// gzip (each file compressed once and kept), so what a browser downloads here is what it downloads from a host.
// Serves ROOT at "/" and, to prove relative paths, at PREFIX (default /tools/capacity/).
//   node scripts/serve.mjs [ROOT=dist] [PORT=8080] [HOST=127.0.0.1]
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

/** Sent with every file: no framing by other sites, no content sniffing, no address sent on to other hosts. */
export const SECURITY_HEADERS = { 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

/** Types worth compressing (images here are PNG, already compressed). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt']);

/** The encodings a host offers, best first, with how to produce each: the levels a host compressing on the fly
 * uses (nginx's brotli and gzip defaults are 6), so the first request is not held up (quality 11 takes seconds
 * for the WASM module and saves a tenth of its size). */
const ENCODINGS = [
  ['br', body => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })],
  ['gzip', body => zlib.gzipSync(body, { level: 6 })],
];

/** Compressed bodies, by file, modification time and encoding: compressed once per build. */
const compressed = new Map();

/** The body to send and its Content-Encoding (null: as it is) for a request accepting `accept`. */
async function encode(file, body, accept) {
  if (!COMPRESSIBLE.has(path.extname(file)) || body.length < 1024) return { body, encoding: null };
  const offered = (accept || '').split(',').map(part => part.split(';')[0].trim());
  const found = ENCODINGS.find(([name]) => offered.includes(name));
  if (!found) return { body, encoding: null };
  const [name, compress] = found;
  const { mtimeMs } = await fs.stat(file);
  const key = `${file}\n${mtimeMs}\n${name}`;
  if (!compressed.has(key)) compressed.set(key, compress(body));
  return { body: compressed.get(key), encoding: name };
}

/** Starts the server; resolves to { url, port, close(), requests } where requests lists every path asked for.
 * close() also drops idle keep-alive connections, so a test can stop the server to cut the network. */
export function startServer({ root = 'dist', port = 0, host = '127.0.0.1', prefix = '/tools/capacity/' } = {}) {
  const absolute = path.resolve(root);
  const requests = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname);
    let rel = url.pathname;
    if (prefix && rel.startsWith(prefix)) rel = '/' + rel.slice(prefix.length);
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(absolute, path.normalize(decodeURIComponent(rel)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(absolute)) { res.writeHead(403).end(); return; }
    try {
      const body = await fs.readFile(file);
      const headers = { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache',
        ...SECURITY_HEADERS };
      if (path.extname(file) === '.html') {
        const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(body.toString('utf8'));
        if (meta) headers['Content-Security-Policy'] = `${meta[1]}; frame-ancestors 'none'`;
      }
      const sent = await encode(file, body, req.headers['accept-encoding']);
      if (COMPRESSIBLE.has(path.extname(file))) headers['Vary'] = 'Accept-Encoding';
      if (sent.encoding) headers['Content-Encoding'] = sent.encoding;
      headers['Content-Length'] = sent.body.length;
      res.writeHead(200, headers);
      res.end(sent.body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({ url: `http://${host}:${actual}/`, port: actual, requests, close: () => new Promise(r => { server.close(r); server.closeAllConnections(); }) });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root = 'dist', port = '8080', host = '127.0.0.1'] = process.argv.slice(2);
  const { url } = await startServer({ root, port: Number(port), host });
  console.log(`Serving ${root} at ${url} (and under ${url}tools/capacity/). Ctrl-C stops.`);
}
