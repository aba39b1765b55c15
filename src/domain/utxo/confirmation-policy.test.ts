import { describe, expect, it } from 'vitest';
import { confirmationPolicyProblem, defaultConfirmationPolicy, judgeConfirmations, requiredConfirmations, signalsReplaceByFee, type ObservedPayment } from './confirmation-policy';

const BTC = 100_000_000n;
const payment = (over: Partial<ObservedPayment>): ObservedPayment => ({ units: 50_000n, confirmations: 0, rbf: false, gone: false, ...over });

describe('confirmation policy', () => {
  it('defaults: Bitcoin 2 (6 above the operator’s amount), Litecoin 6, Dogecoin 10', () => {
    expect(defaultConfirmationPolicy('bitcoin')).toEqual({ confirmations: 2 });
    const btc = defaultConfirmationPolicy('bitcoin', BTC);
    expect(requiredConfirmations(btc, BTC)).toBe(2);
    expect(requiredConfirmations(btc, BTC + 1n)).toBe(6);
    expect(defaultConfirmationPolicy('litecoin')).toEqual({ confirmations: 6 });
    expect(defaultConfirmationPolicy('dogecoin', BTC)).toEqual({ confirmations: 10 });
  });

  it('credits at the required depth and not one block before', () => {
    const policy = defaultConfirmationPolicy('bitcoin', BTC);
    expect(judgeConfirmations(payment({ confirmations: 1 }), policy)).toEqual({ creditable: false, required: 2, reason: 'confirming' });
    expect(judgeConfirmations(payment({ confirmations: 2 }), policy)).toEqual({ creditable: true, required: 2 });
    expect(judgeConfirmations(payment({ units: 2n * BTC, confirmations: 5 }), policy)).toMatchObject({ creditable: false, required: 6 });
    expect(judgeConfirmations(payment({ units: 2n * BTC, confirmations: 6 }), policy)).toMatchObject({ creditable: true });
  });

  it('applies the large-payment rule to the amount the caller names (an order’s total)', () => {
    const policy = defaultConfirmationPolicy('bitcoin', BTC);
    const part = payment({ units: BTC / 2n, confirmations: 2 });
    expect(judgeConfirmations(part, policy).creditable).toBe(true);
    expect(judgeConfirmations(part, policy, 3n * (BTC / 2n))).toMatchObject({ creditable: false, required: 6 });
  });

  it('never credits a replaceable transaction unconfirmed, even with a 0-confirmation policy', () => {
    const zeroConf = { confirmations: 0 };
    expect(judgeConfirmations(payment({ rbf: true }), zeroConf)).toEqual({ creditable: false, required: 0, reason: 'replaceable' });
    expect(judgeConfirmations(payment({ rbf: false }), zeroConf)).toEqual({ creditable: true, required: 0 });
    expect(judgeConfirmations(payment({ rbf: true, confirmations: 1 }), zeroConf).creditable).toBe(true);
  });

  it('never credits a payment that is gone, however deep it was', () => {
    expect(judgeConfirmations(payment({ gone: true, confirmations: 50 }), { confirmations: 2 })).toMatchObject({ creditable: false, reason: 'gone' });
  });

  it('checks what an operator sets', () => {
    expect(confirmationPolicyProblem({ confirmations: 2 })).toBeNull();
    expect(confirmationPolicyProblem({ confirmations: -1 })).toMatch(/whole number/);
    expect(confirmationPolicyProblem({ confirmations: 1.5 })).toMatch(/whole number/);
    expect(confirmationPolicyProblem({ confirmations: 145 })).toMatch(/whole number/);
    expect(confirmationPolicyProblem({ confirmations: 6, large: { aboveUnits: BTC, confirmations: 2 } })).toMatch(/fewer/);
    expect(confirmationPolicyProblem({ confirmations: 2, large: { aboveUnits: -1n, confirmations: 6 } })).toMatch(/negative/);
  });

  it('reads BIP-125 signalling from the inputs’ sequence numbers', () => {
    expect(signalsReplaceByFee([0xffffffff])).toBe(false);
    expect(signalsReplaceByFee([0xfffffffe, 0xffffffff])).toBe(false);
    expect(signalsReplaceByFee([0xffffffff, 0xfffffffd])).toBe(true);
    expect(signalsReplaceByFee([0])).toBe(true);
  });
});
