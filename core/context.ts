/**
 * Everything a request handler or a job needs, built once at boot from the environment:
 * the database pool, the logger, password hashing and one adapter per external service.
 */
import type { Env } from '#shared/env';
import { connect, type Sql } from './lib/db';
import { createLogger, type Logger } from './lib/logger';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords';
import { createStorage, type Storage } from './services/storage/index';
import { createEmailSender, type EmailSender } from './services/email/index';
import { createPayments, type PaymentProvider } from './services/payments/index';
import { createShipping, type ShippingProvider } from './services/shipping/index';

export type AppContext = {
  env: Env;
  sql: Sql;
  log: Logger;
  /** Password hashing at the configured cost (PASSWORD_HASH_LOG_N), with the process's hash queue. */
  passwords: PasswordHasher;
  storage: Storage;
  email: EmailSender;
  payments: PaymentProvider | null;
  shipping: ShippingProvider | null;
};

export type ContextOverrides = Partial<Omit<AppContext, 'env'>>;

/**
 * Builds the context; tests pass overrides (a database, a storage root, fake providers). Async
 * because a provider's SDK is imported only when its adapter is chosen (it costs memory otherwise).
 */
export async function createContext(env: Env, overrides: ContextOverrides = {}): Promise<AppContext> {
  if (!env.DATABASE_URL && !overrides.sql) throw new Error('DATABASE_URL is not set');
  return {
    env,
    sql: overrides.sql ?? connect(env.DATABASE_URL as string),
    log: overrides.log ?? createLogger(env.LOG_LEVEL),
    passwords: overrides.passwords ?? createPasswordHasher(env.PASSWORD_HASH_LOG_N),
    storage: overrides.storage ?? (await createStorage(env)),
    email: overrides.email ?? (await createEmailSender(env)),
    payments: overrides.payments ?? (await createPayments(env)),
    shipping: overrides.shipping ?? (await createShipping(env)),
  };
}
