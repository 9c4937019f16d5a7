import type { BillingTx } from '../../database';

export interface CustomerRecord {
  userId: string;
  stripeCustomerId: string;
}

export function createCustomersRepository(db: BillingTx) {
  return {
    async findByUser(userId: string): Promise<CustomerRecord | null> {
      return db.customer.findUnique({ where: { userId }, select: { userId: true, stripeCustomerId: true } });
    },
    async findByStripeId(stripeCustomerId: string): Promise<CustomerRecord | null> {
      return db.customer.findUnique({
        where: { stripeCustomerId },
        select: { userId: true, stripeCustomerId: true },
      });
    },
    /** Keeps the first customer recorded for a user (a concurrent second insert changes nothing). */
    async add(userId: string, stripeCustomerId: string): Promise<CustomerRecord> {
      await db.customer.createMany({ data: [{ userId, stripeCustomerId }], skipDuplicates: true });
      const row = await db.customer.findUniqueOrThrow({ where: { userId } });
      return { userId: row.userId, stripeCustomerId: row.stripeCustomerId };
    },
  };
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
