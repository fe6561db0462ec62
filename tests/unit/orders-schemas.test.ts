import { orderCategoryInputSchema } from '@/lib/schemas/order-categories';
import {
  orderCommentSchema,
  orderCreateSchema,
  orderMembersAddSchema,
  orderMembersRemoveSchema,
  orderUpdateSchema,
  OrderCategorySchema,
} from '@/lib/schemas/orders';

const licence = {
  cat: 'JAHRESLIZENZ_2027',
  params: {
    year: '2027',
    group: 'JAHRESLIZENZ',
    category: [
      { age: [8, 20], license: '25', print: '5' },
      { age: [21, 99], license: '45.50', print: '5.00' },
    ],
  },
};

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('category form as the API reads it', () => {
  it('turns euros into cents, the year into a number and age bands into min/max', () => {
    const parsed = orderCategoryInputSchema.parse({ ...licence, params: { ...licence.params, price: '120', netPrice: 99.99 } });
    expect(parsed.params).toMatchObject({
      year: 2027,
      price: 12000,
      netPrice: 9999,
      memberNetPrice: null,
      weight: null,
      group: 'JAHRESLIZENZ',
    });
    expect(parsed.params.category).toEqual([
      { min: 8, max: 20, licenceCents: 2500, printCents: 500 },
      { min: 21, max: 99, licenceCents: 4550, printCents: 500 },
    ]);
  });

  it.each([
    ['a year that is not 4 digits', { year: '27' }, 'yearInvalid'],
    ['a year with letters', { year: '2o27' }, 'yearInvalid'],
    ['a price longer than 7 characters', { price: '12345.67' }, 'priceInvalid'],
    ['a price with a comma', { price: '12,50' }, 'priceInvalid'],
    ['a price with three decimals', { price: '1.005' }, 'priceInvalid'],
    ['a negative price', { price: '-5' }, 'priceInvalid'],
    ['a weight for a licence', { weight: '180' }, 'weightOnlyForClothing'],
    ['an unknown group', { group: 'SONSTIGES' }, 'groupInvalid'],
    [
      'overlapping age bands',
      {
        category: [
          { age: [8, 20], license: '1', print: '1' },
          { age: [20, 30], license: '1', print: '1' },
        ],
      },
      'ageBandsOverlap',
    ],
    ['a band from 30 to 20', { category: [{ age: [30, 20], license: '1', print: '1' }] }, 'ageBandInvalid'],
    ['a licence without a year', { year: '' }, 'required'],
  ])('refuses %s', (_name, change, message) => {
    const r = orderCategoryInputSchema.safeParse({ ...licence, params: { ...licence.params, ...change } });
    expect(messages(r)).toContain(message);
  });

  it('takes a weight (digits and one decimal point, at most 6 characters) for clothing only; empty is none', () => {
    const shirt = (weight: unknown) =>
      orderCategoryInputSchema.safeParse({ cat: 'KLEIDUNG_TSHIRT', params: { group: 'KLEIDUNG', price: '24.90', weight } });
    expect(shirt('180.5')).toMatchObject({ success: true, data: { params: { weight: 180.5, price: 2490 } } });
    expect(shirt('')).toMatchObject({ success: true, data: { params: { weight: null } } });
    expect(messages(shirt('1234567'))).toEqual(['weightInvalid']);
    expect(messages(shirt('1.2.3'))).toEqual(['weightInvalid']);
  });

  it('needs the updatedAt it was based on to change a category, and ignores unknown fields', () => {
    expect(messages(orderCategoryInputSchema.safeParse({ ...licence, id: 5 }))).toContain('required');
    expect(orderCategoryInputSchema.safeParse({ ...licence, id: 5, updatedAt: '2026-11-23T10:00:00.000Z' }).success).toBe(true);
    // the API accepts back what it answers: unknown keys are dropped, not refused
    expect(orderCategoryInputSchema.parse({ ...licence, extra: 1 })).not.toHaveProperty('extra');
    expect(orderCategoryInputSchema.safeParse({ ...licence, cat: 'jahreslizenz 2027' }).success).toBe(false);
  });
});

describe('order requests', () => {
  it('takes no price or total from a client', () => {
    expect(orderCreateSchema.safeParse({ ordercat: 'JAHRESLIZENZ_2027' }).success).toBe(true);
    // a summary or a price sent along is dropped: the server computes them
    expect(orderCreateSchema.parse({ ordercat: 'JAHRESLIZENZ_2027', summary: { price: 1 } })).toEqual({
      ordercat: 'JAHRESLIZENZ_2027',
      members: [],
    });
    expect(
      orderMembersAddSchema.parse({ id: 1, ordercat: 'JAHRESLIZENZ_2027', members: [{ id: 7, params: { print: true, price: 0 } }] })
        .members,
    ).toEqual([{ id: 7, params: { print: true } }]);
    expect(orderMembersAddSchema.parse({ id: 1, ordercat: 'JAHRESLIZENZ_2027', members: [{ id: 7 }] }).members).toEqual([
      { id: 7, params: { print: false } },
    ]);
  });

  it('knows the order statuses and needs the updatedAt for a change', () => {
    expect(orderUpdateSchema.safeParse({ id: 1, status: 'Freigegeben', updatedAt: '2026-11-23T10:00:00.000Z' }).success).toBe(true);
    expect(messages(orderUpdateSchema.safeParse({ id: 1, status: 'bezahlt', updatedAt: '2026-11-23T10:00:00.000Z' }))).toEqual([
      'statusInvalid',
    ]);
    expect(orderUpdateSchema.safeParse({ id: 1, status: 'canceled' }).success).toBe(false);
  });

  it('refuses empty comments and empty member lists', () => {
    expect(messages(orderCommentSchema.safeParse({ comment: '   ' }))).toEqual(['required']);
    expect(messages(orderMembersRemoveSchema.safeParse({ id: 1, members: [] }))).toEqual(['required']);
    expect(orderMembersRemoveSchema.safeParse({ id: 1, members: [0] }).success).toBe(false);
  });
});

describe('category answer', () => {
  it('gives money in euros and bands as [min, max]', () => {
    const answer = {
      id: 2701,
      cat: 'JAHRESLIZENZ_2027',
      params: {
        year: 2027,
        price: null,
        netPrice: null,
        memberNetPrice: null,
        weight: null,
        group: 'JAHRESLIZENZ',
        category: [{ age: [21, 49], license: 46, print: 5 }],
      },
      updatedAt: '2026-11-23T10:00:00.000Z',
    };
    expect(OrderCategorySchema.parse(answer)).toEqual(answer);
  });
});
