// Presale's server entry point (`npm start`, `npm run serve`). It sets NODE_ENV before anything else
// is loaded, because libraries read it when they load: React, which renders every e-mail, picks its
// production build (its development build rendered an order's mail several times slower and kept
// more memory). A NODE_ENV given by the caller is kept (`npm run dev` sets development).
// Runs from source through tsx, with or without devDependencies (docs/decisions/015-production-start.md).
process.env.NODE_ENV ??= 'production';
await import('./start');

export {};
