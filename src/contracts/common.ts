import { z } from 'zod';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';

/** An exact decimal amount on the wire: a string such as "1250.5". */
export const decimalString = z.string().regex(DECIMAL_PATTERN);

export const isoDateTime = z.string();

export const okSchema = z.object({ ok: z.literal(true) });
