/**
 * Stripe's documented test cards (docs.stripe.com/testing) that the simulator understands, by number and
 * by their ready-made PaymentMethod ids. Anything else that passes the Luhn check is treated like 4242.
 */
export type CardBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'declined'; declineCode: string; message: string }
  | { kind: 'requires_authentication' };

export interface TestCard {
  brand: string;
  behaviour: CardBehaviour;
}

const declined = (declineCode: string, message: string): CardBehaviour => ({
  kind: 'declined',
  declineCode,
  message,
});

const byNumber: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', behaviour: { kind: 'succeeds' } },
  '5555555555554444': { brand: 'mastercard', behaviour: { kind: 'succeeds' } },
  '4000000000000002': { brand: 'visa', behaviour: declined('generic_decline', 'Your card was declined.') },
  '4000000000009995': {
    brand: 'visa',
    behaviour: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  '4000000000000069': { brand: 'visa', behaviour: declined('expired_card', 'Your card has expired.') },
  '4000002500003155': { brand: 'visa', behaviour: { kind: 'requires_authentication' } },
  '4000002760003184': { brand: 'visa', behaviour: { kind: 'requires_authentication' } },
};

/** Stripe's test PaymentMethod ids (pm_card_visa, ...) and the card number each stands for. */
export const testPaymentMethodNumbers: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000002500003155',
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function testCard(number: string): TestCard {
  return (
    byNumber[number] ?? {
      brand: number.startsWith('5') ? 'mastercard' : 'visa',
      behaviour: { kind: 'succeeds' },
    }
  );
}
