'use client';

import dynamic from 'next/dynamic';

/** The order categories form's client part, loaded on demand. */
export const OrderCategoriesScreen = dynamic(() => import('./order-categories-screen').then((m) => m.OrderCategoriesScreen));
