import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// `findBy…` waits for what a lazy chunk renders. Vitest transforms a chunk on its first import, which
// took over the default second in CI, where five lanes share two cores; waiting longer costs nothing
// when the element comes, and a missing one still fails.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// The web project's files share one window (vitest.config.ts: `isolate: false`): each file starts
// from what a fresh one would have. Globals a test stubbed are restored after each test by Vitest.
afterAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  for (const { name } of [...document.documentElement.attributes]) if (name !== 'lang') document.documentElement.removeAttribute(name);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
});
