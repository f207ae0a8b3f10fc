import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../client/src/features/billing/money';

describe('prices from Stripe in the reader’s format', () => {
  it('reads unitAmount in cents for a currency with cents', () => {
    expect(formatMoney(800, 'usd', 'en')).toBe('$8.00');
    expect(formatMoney(8000, 'eur', 'en')).toBe('€80.00');
  });

  it('reads unitAmount as whole units for a zero-decimal currency', () => {
    expect(formatMoney(1500, 'jpy', 'en')).toBe('¥1,500');
  });

  it('formats in the reader’s language', () => {
    expect(formatMoney(800, 'inr', 'te')).toContain('8.00');
    expect(formatMoney(800, 'inr', 'te')).toContain('₹');
  });

  it('shows an unknown currency code beside the number rather than failing', () => {
    expect(formatMoney(800, 'xx1', 'en')).toBe('8 XX1');
  });
});
