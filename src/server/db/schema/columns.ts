// Column types every area's tables share. Amounts are NUMERIC and read as strings; never floats.
import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

export const amount = (name: string) => numeric(name, { precision: 38, scale: 6 });
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Binary data: node-postgres reads a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
export const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
