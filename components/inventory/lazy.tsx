'use client';

import dynamic from 'next/dynamic';

/** The inventory screen's client part, loaded on demand. */
export const InventoryScreen = dynamic(() => import('./inventory-screen').then((m) => m.InventoryScreen));
