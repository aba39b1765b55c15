import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` waits for what a lazy chunk renders. Vitest transforms a chunk on its first import, which
// took over the default second in CI, where five lanes share two cores; waiting longer costs nothing
// when the element comes, and a missing one still fails.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
