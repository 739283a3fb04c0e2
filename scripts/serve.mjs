// A plain static file server, standing in for any web server: no rewrites. Beside Content-Type it sends the
// security headers the README's deployment section asks of every host: the page's Content-Security-Policy
// (read from its meta tag) as a header with frame-ancestors 'none', which a meta tag cannot carry, and
// X-Frame-Options, X-Content-Type-Options and Referrer-Policy. Serves ROOT at "/" and, to prove relative
// paths, at PREFIX (default /tools/capacity/).
//   node scripts/serve.mjs [ROOT=dist] [PORT=8080] [HOST=127.0.0.1]
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

/** Sent with every file: no framing by other sites, no content sniffing, no address sent on to other hosts. */
export const SECURITY_HEADERS = { 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

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
      res.writeHead(200, headers);
      res.end(body);
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
