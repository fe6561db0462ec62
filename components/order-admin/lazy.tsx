'use client';

import dynamic from 'next/dynamic';

/** The order overview's client part, loaded on demand. */
export const OrderAdminScreen = dynamic(() => import('./order-admin-screen').then((m) => m.OrderAdminScreen));
