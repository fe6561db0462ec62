'use client';

import dynamic from 'next/dynamic';

/** The licence order form's client part, loaded on demand (only the form a page shows is downloaded). */
export const LicenceOrderScreen = dynamic(() => import('./licence-order-screen').then((m) => m.LicenceOrderScreen));
