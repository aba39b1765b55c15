// P3: Lighthouse (mobile preset) in Debian's Chromium, and the gzip size of the JavaScript each
// page loads (measured by compressing each script the page fetched).
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface PageScore {
  path: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  jsGzipKb: number;
}

async function gzipKb(urls: string[], cookie: string): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url, { headers: { cookie } })).arrayBuffer());
    total += gzipSync(body, { level: 9 }).byteLength;
  }
  return Math.round(total / 1024);
}

/**
 * One Lighthouse run of `url`. A run whose trace Lighthouse could not read (a runtime error such as
 * NO_NAVSTART, seen now and then on a busy machine, on pages of every kind) says nothing about the
 * page and would count as a score of 0: it is run again, at most twice, and said on stderr.
 */
async function audit(url: string, port: number, cookie: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: cookie ? { Cookie: cookie } : undefined });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error || attempt === 3) return result.lhr;
    console.error(`bench: Lighthouse could not measure ${url} (${error.code}), running it again`);
  }
}

export async function measurePages(base: string, paths: { path: string; cookie?: string }[], port: number): Promise<PageScore[]> {
  const chrome = spawn(process.env.CHROMIUM ?? '/usr/bin/chromium', [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=/tmp/presale-bench-chrome-${port}`, 'about:blank'], { stdio: 'ignore' });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
      } catch {
        if (i > 100) throw new Error('Chromium did not start');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const scores: PageScore[] = [];
    for (const { path, cookie = '' } of paths) {
      const lhr = await audit(`${base}${path}`, port, cookie);
      const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(base)).map((r) => r.url);
      scores.push({
        path,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        jsGzipKb: await gzipKb(scripts, cookie),
      });
    }
    return scores;
  } finally {
    chrome.kill('SIGKILL');
  }
}
