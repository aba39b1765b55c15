// buildApp({ config, database, …what tests replace }): the error handler, the services and jobs as
// decorations, the plugins, then each module's routes inside its access scope. app.ts is where modules
// are wired to each other and to the plugins that need them. No listen() here (main.ts does that),
// so tests build the same app and drive it with inject().
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORDER_EXPIRY_UNIT_MS } from '@/domain/order-expiry';
import type { Config } from './config';
import type { OperatorActor } from './actor';
import type { Database, Db } from './db/client';
import { CleanupJob } from './jobs/cleanup';
import { OrderExpiryJob } from './jobs/order-expiry';
import { MailSendJob } from './jobs/mail-send';
import { OperatorNotifier } from './modules/operators/notifications.service';
import { PaymentWatchJob } from './jobs/payment-watch';
import { MailSender, type MailTransport } from './modules/mail/mail.service';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { buyerTwoFactorRoutes, operatorTwoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { buyerSessionRoutes, operatorSessionRoutes } from './modules/sessions/sessions.routes';
import { smtpTransport } from './modules/mail/smtp';
import { DepositAddresses } from './modules/payments/deposit-addresses.service';
import { UtxoWatcher, utxoBlocksPerTick } from './modules/payments/utxo/utxo-watcher.service';
import { TronWatcher, tronBlocksPerTick } from './modules/payments/tron/tron-watcher.service';
import { EvmWatcher, evmBlocksPerTick } from './modules/payments/evm/evm-watcher.service';
import { RateRefreshJob } from './jobs/rate-refresh';
import { auditRoutes } from './modules/audit/audit.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { adminCryptoRoutes, cryptoRoutes } from './modules/cryptos/cryptos.routes';
import { CryptoService } from './modules/cryptos/cryptos.service';
import { eventRoutes } from './modules/events/events.routes';
import { operatorAuthRoutes, operatorRoutes } from './modules/operators/operators.routes';
import { findActor } from './modules/operators/operators.service';
import { adminOrderRoutes } from './modules/orders/admin-orders.routes';
import { adminWithdrawalRoutes } from './modules/orders/withdrawals.routes';
import { leaderboardRoutes, orderRoutes } from './modules/orders/orders.routes';
import { OrderMail } from './modules/orders/order-mail.service';
import { OrderService } from './modules/orders/orders.service';
import { userRoutes } from './modules/users/users.routes';
import { paymentRoutes, unallocatedRoutes } from './modules/payments/payments.routes';
import { pixelRoutes } from './modules/pixels/pixels.routes';
import { CurrentDrawCache, changesCurrentDraw } from './modules/draws/current-draw.cache';
import { adminDrawRoutes, myPrizeRoutes, publicDrawRoutes } from './modules/draws/draws.routes';
import type { BlockSources } from './modules/draws/draws.service';
import { PrizeDrawJob } from './jobs/prize-draw';
import { adminReferralRoutes, myReferralRoutes, referralLinkRoutes } from './modules/referrals/referrals.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { createPriceFeed, type PriceFeed } from './modules/rates/price-feed';
import { saleAdminRoutes } from './modules/sale/sale-admin.routes';
import { tokenPriceRoutes } from './modules/rates/rates.routes';
import { stageRoutes } from './modules/stages/stages.routes';
import { followStages } from './modules/stages/stages.service';
import { registerErrorHandler, serializeError } from './plugins/errors';
import { requestLoggerFactory, serializeRequest } from './plugins/request-logger';
import { PixelPresence } from './plugins/pixel-presence';
import { EventBus } from './plugins/event-bus';
import { accessScope, trackRouteAccess, type RouteEntry } from './plugins/access';
import { clientKeyOf } from './plugins/client-address';
import { databaseStore, RateLimiter, tooManyAttempts } from './plugins/rate-limit-store';
import { registerSecurity } from './plugins/security';
import { SessionStore, type Clock } from './modules/sessions/sessions.service';
import { SignInThrottle } from './plugins/sign-in-throttle';
import { SecondFactorThrottle } from './plugins/second-factor-throttle';
import { webRoutes } from './plugins/web';
import { authRoutes } from './modules/auth/auth.routes';
import { adminContentRoutes, contentRoutes, myTermsRoutes } from './modules/content/content.routes';
import { adminEligibilityRoutes, myCountryRoutes } from './modules/eligibility/eligibility.routes';
import { Eligibility } from './modules/eligibility/eligibility.service';
import { adminIdentityRoutes, identityWebhookRoutes, myIdentityRoutes } from './modules/identity/identity.routes';
import { Identity } from './modules/identity/identity.service';
import { IdentityRetentionJob } from './jobs/identity-retention';
import { GeoipDatabase } from './modules/eligibility/geoip';
import { healthRoutes } from './modules/health/health.routes';
import { meRoutes } from './modules/me/me.routes';
import { getMe } from './modules/me/me.service';
import { saleRoutes } from './modules/sale/sale.routes';
import { overviewRoutes, transparencyRoutes } from './modules/transparency/transparency.routes';
import { distributionRoutes, myDeliveryRoutes } from './modules/distribution/distribution.routes';
import { walletChangeRoutes } from './modules/wallets/wallets.routes';
import { LEDGER_HEAD_INTERVAL_MS, LedgerHeadJob } from './jobs/ledger-head';
import { SaleFigures } from './modules/sale/sale.service';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    sessions: SessionStore;
    rateLimiter: RateLimiter;
    signInThrottle: SignInThrottle;
    secondFactorThrottle: SecondFactorThrottle;
    cryptos: CryptoService;
    priceFeed: PriceFeed;
    rateRefresh: RateRefreshJob;
    events: EventBus;
    orders: OrderService;
    /** Who may buy, by country (issue 34). */
    eligibility: Eligibility;
    identity: Identity;
    identityRetention: IdentityRetentionJob;
    orderExpiry: OrderExpiryJob;
    cleanup: CleanupJob;
    ledgerHead: LedgerHeadJob;
    prizeDraw: PrizeDrawJob;
    depositAddresses: DepositAddresses;
    paymentWatch: PaymentWatchJob;
    mailSender: MailSender;
    mailSend: MailSendJob;
    pixelPresence: PixelPresence;
    saleFigures: SaleFigures;
    /** The landing's prize draw (GET /api/draws/current), kept until an event changes it. */
    currentDraw: CurrentDrawCache;
    /** Method, URL and access scope of every route, for tests that walk the route table. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    buyerId?: number;
    operator?: OperatorActor;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; tests may point elsewhere. */
  webRoot?: string | undefined;
  /** The price API client; tests pass a local fake. */
  priceFeed?: PriceFeed;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
  /** Sends e-mail instead of SMTP_URL's server; tests may pass a failing one. */
  mailTransport?: MailTransport;
  /** The clock and timer sessions end by (and event streams with them); tests pass a manual one. */
  clock?: Clock;
  /** Where prize draws read a chain's blocks; tests may pass their own. */
  blockSources?: BlockSources;
}

export async function buildApp({ config, database, webRoot, priceFeed, logStream, mailTransport, clock, blockSources }: BuildOptions): Promise<FastifyInstance> {
  const logging = config.LOG_LEVEL !== 'silent' || logStream !== undefined;
  const app = Fastify({
    logger: logging ? { level: logStream ? 'info' : config.LOG_LEVEL, serializers: { err: serializeError, req: serializeRequest }, ...(logStream ? { stream: logStream } : {}) } : false,
    ...(logging ? { childLoggerFactory: requestLoggerFactory } : {}),
    // Trust X-Forwarded-For only for the configured number of proxy hops in front of the app.
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('rateLimiter', new RateLimiter(database.db));
  app.decorate('signInThrottle', new SignInThrottle(app.rateLimiter, config.LOGIN_LIMIT_PER_ACCOUNT));
  app.decorate('secondFactorThrottle', new SecondFactorThrottle(app.rateLimiter, config.LOGIN_LIMIT_PER_ACCOUNT));
  app.decorate('cryptos', new CryptoService(database.db, config.RATE_MAX_AGE_MINUTES));
  const feed = priceFeed ?? createPriceFeed(config.PRICE_API_URL);
  app.decorate('priceFeed', feed);
  app.decorate('rateRefresh', new RateRefreshJob(database.db, feed, config.RATE_REFRESH_MINUTES * 60_000, app.log));
  app.decorate('events', new EventBus(database, app.log));
  app.decorate('sessions', new SessionStore(database.db, config, app.events, clock));
  app.decorate('sessionGuard', app.sessions);
  app.decorate('findActor', (operatorId: number) => findActor(database.db, operatorId));
  app.decorate('pixelPresence', new PixelPresence(database.db));
  app.decorate('saleFigures', new SaleFigures(database.db));
  app.decorate('currentDraw', new CurrentDrawCache(database.db));
  app.events.subscribe((e) => {
    if (e.type === 'sale') app.saleFigures.invalidate();
    if (changesCurrentDraw(e)) app.currentDraw.invalidate();
  });
  app.addHook('onReady', async () => {
    await app.pixelPresence.refresh();
    await app.events.start();
  });
  app.decorate('depositAddresses', new DepositAddresses(database.db));
  app.decorate('eligibility', new Eligibility(database.db, new GeoipDatabase(), config.PUBLIC_URL));
  app.decorate('orders', new OrderService(database.db, { rateMaxAgeMinutes: config.RATE_MAX_AGE_MINUTES, orderExpiryUnitMs: ORDER_EXPIRY_UNIT_MS[config.ORDER_EXPIRY_UNIT] }, app.events, app.saleFigures, app.depositAddresses, app.eligibility));
  app.decorate('paymentWatch', new PaymentWatchJob(database.db, { evm: new EvmWatcher(database.db, app.orders, { maxBlocksPerTick: evmBlocksPerTick(config.PAYMENT_WATCH_SECONDS) }), utxo: new UtxoWatcher(database.db, app.orders, { maxBlocksPerTick: utxoBlocksPerTick(config.PAYMENT_WATCH_SECONDS) }), tron: new TronWatcher(database.db, app.orders, { scanner: { maxBlocks: tronBlocksPerTick(config.PAYMENT_WATCH_SECONDS) } }) }, config.PAYMENT_WATCH_SECONDS * 1000, app.log));
  app.decorate('mailSender', new MailSender(database.db, mailTransport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null), { from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL }, app.log));
  app.decorate('mailSend', new MailSendJob(database.db, app.mailSender, [new OrderMail(database.db, config.PUBLIC_URL), new OperatorNotifier(database.db, config.PUBLIC_URL)], config.MAIL_SEND_SECONDS * 1000, app.log));
  app.decorate('orderExpiry', new OrderExpiryJob(database.db, app.orders, config.ORDER_EXPIRY_JOB_SECONDS * 1000, app.log, (now) => followStages(database.db, app.events, now)));
  app.decorate('cleanup', new CleanupJob(database.db, config.CLEANUP_MINUTES * 60_000, app.log));
  app.decorate('identity', new Identity(database.db, config.PUBLIC_URL));
  app.decorate('identityRetention', new IdentityRetentionJob(database.db, app.identity, config.CLEANUP_MINUTES * 60_000, app.log));
  app.decorate('ledgerHead', new LedgerHeadJob(database.db, LEDGER_HEAD_INTERVAL_MS, app.log));
  app.decorate('prizeDraw', new PrizeDrawJob(database.db, config.PUBLIC_URL, config.PRIZE_DRAW_SECONDS * 1000, app.log, app.events, blockSources));
  app.addHook('onClose', async () => {
    app.rateRefresh.stop();
    app.orderExpiry.stop();
    app.cleanup.stop();
    app.identityRetention.stop();
    app.ledgerHead.stop();
    app.prizeDraw.stop();
    app.paymentWatch.stop();
    app.mailSend.stop();
    app.pixelPresence.stop();
    await app.events.stop();
  });
  app.decorateRequest('buyerId', undefined);
  app.decorateRequest('operator', undefined);
  app.decorate('routeTable', trackRouteAccess(app));

  await app.register(cookie);
  registerSecurity(app, config, app.pixelPresence);
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(app.rateLimiter),
    keyGenerator: clientKeyOf,
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
  });

  // Every route lives in exactly one access scope (plugins/access.ts).
  await app.register(
    accessScope('public', healthRoutes, saleRoutes, contentRoutes, cryptoRoutes, leaderboardRoutes, transparencyRoutes, authRoutes((userId) => getMe(database.db, userId)), operatorAuthRoutes, eventRoutes, referralLinkRoutes, publicDrawRoutes, identityWebhookRoutes, webRoutes(webRoot)),
  );
  await app.register(accessScope('buyer', meRoutes, myTermsRoutes, myCountryRoutes, myIdentityRoutes, orderRoutes, buyerTwoFactorRoutes, buyerSessionRoutes, myDeliveryRoutes, myReferralRoutes, myPrizeRoutes));
  await app.register(
    accessScope(
      'operator',
      operatorRoutes,
      saleAdminRoutes,
      stageRoutes,
      tokenPriceRoutes,
      adminContentRoutes,
      adminCryptoRoutes,
      adminOrderRoutes,
      adminWithdrawalRoutes,
      userRoutes,
      pixelRoutes,
      adminReferralRoutes,
      adminEligibilityRoutes,
      adminIdentityRoutes,
      adminDrawRoutes(blockSources),
      auditRoutes,
      setupRoutes,
      backupRoutes,
      paymentRoutes,
      unallocatedRoutes,
      outboxRoutes,
      operatorTwoFactorRoutes,
      operatorSessionRoutes,
      overviewRoutes,
      distributionRoutes,
      walletChangeRoutes,
    ),
  );

  return app;
}
