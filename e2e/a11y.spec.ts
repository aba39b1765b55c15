import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../src/web/lib/paths';
import { E2E_OPERATOR, offerCrypto, operatorApi } from './operator-api';
import { registrationBody } from './terms';

// Every route, as a visitor, a buyer and an operator, in both themes: no serious or critical
// accessibility violation (WCAG 2.1 A and AA rules). The dark theme changes colours only, so there
// axe checks colour contrast alone; the light theme's run checks every rule. Each page is loaded
// once and audited in both: the app follows the system's scheme as it changes (src/web/lib/theme.tsx).
const VISITOR = ['/', '/login', '/register', '/forgot-password', '/reset-password?token=abcdefghijklmnopqrstuvwxyz', '/verify-email?token=abcdefghijklmnopqrstuvwxyz', '/privacy', '/terms', '/transparency', '/no-such-page', '/admin/login'];
const BUYER = ['/dashboard', '/dashboard/buy-token', '/dashboard/profile', '/dashboard/my-token', '/dashboard/status', '/dashboard/leaderboard', '/dashboard/transaction', '/dashboard/docs', '/dashboard/how-to-buy', '/dashboard/withdrawal/binance', '/dashboard/verification'];
// Every back-office page the app links to, so a page is checked the day it is added (a user's page
// needs an id: its parts are the users list's).
const OPERATOR: string[] = Object.values(paths.admin).flatMap((path) => (typeof path === 'string' && path !== paths.admin.login ? [path] : []));

/** Axe's serious and critical findings on the page as it is now, in `scheme`. */
async function violations(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html.dark')).toHaveCount(scheme === 'dark' ? 1 : 0);
  // Colours read in the middle of a transition (the theme's, a row's) are neither the old nor the
  // new ones; on a busy machine axe can catch them there. It reads them once transitions are over.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
  // Axe runs in the page itself (legacy mode): by default it also opens a blank page of its own to
  // gather each frame's results, about half of each audit's time, for frames of other origins that
  // no page of the app has.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ resultTypes: ['violations'] });
  const result = await (scheme === 'dark' ? builder.withRules(['color-contrast']) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact ?? ''}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function audit(page: Page, path: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Wait for loading placeholders to give way to content.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await violations(page, 'light'), `${path}, light theme`).toEqual([]);
  expect(await violations(page, 'dark'), `${path}, dark theme`).toEqual([]);
}

/**
 * The pages in runs of at most three: a test per run balances the workers and keeps each test well
 * inside its timeout (axe is the heaviest work of the suite: beside three other browsers on two cores a
 * page took 10–15 s), while a run shares its browser context's cache and sign-in.
 */
function runsOf(paths: string[]): string[][] {
  const count = Math.ceil(paths.length / 3);
  return Array.from({ length: count }, (_, i) => paths.slice(Math.floor((i * paths.length) / count), Math.floor(((i + 1) * paths.length) / count)));
}

// Each test reads its own pages: they may run side by side, and a slow run holds up no other. Axe
// is the suite's heaviest work, and beside three other browsers on two cores a run has taken a
// minute: it gets two before it counts as stuck.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

test.describe('accessibility, light and dark themes', () => {
  for (const paths of runsOf(VISITOR)) {
    test(`visitor pages ${paths.join(', ')}`, async ({ page }) => {
      for (const path of paths) await audit(page, path);
    });
  }

  for (const paths of runsOf(BUYER)) {
    test(`buyer pages ${paths.join(', ')}`, async ({ page }) => {
      if (paths.includes('/dashboard/buy-token')) {
        const api = await operatorApi();
        // A crypto on offer, so Buy Token shows its grid and panel.
        await offerCrypto(api, `AX${Date.now().toString(36).slice(-5).toUpperCase()}`);
        await api.dispose();
      }
      const email = `a11y-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
      const res = await page.request.post('/api/auth/register', { data: await registrationBody(page.request, { name: 'Access Tester', email, password: 'a11y-password-1' }) });
      expect(res.status()).toBe(201);
      for (const path of paths) await audit(page, path);
    });
  }

  for (const paths of runsOf(OPERATOR)) {
    test(`operator pages ${paths.join(', ')}`, async ({ page }) => {
      const res = await page.request.post('/api/admin/auth/login', { data: E2E_OPERATOR });
      expect(res.ok()).toBe(true);
      for (const path of paths) await audit(page, path);
    });
  }
});
