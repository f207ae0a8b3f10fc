/** Stripe amounts in the reader's currency format. */

/** Currencies Stripe counts in whole units (no cents): their unitAmount is the amount itself. */
const ZERO_DECIMAL = new Set(
  'bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '),
);

/** An amount in a currency's smallest unit, in the reader's currency format: "$8.00", "US$8.00". */
export function formatMoney(unitAmount: number, currency: string, language: string): string {
  const code = currency.toLowerCase();
  const amount = ZERO_DECIMAL.has(code) ? unitAmount : unitAmount / 100;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: code.toUpperCase(),
    }).format(amount);
  } catch {
    // An unknown currency code: the number and the code as Stripe wrote it.
    return `${amount} ${code.toUpperCase()}`;
  }
}
