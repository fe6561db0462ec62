'use client';

import dynamic from 'next/dynamic';

/** The data-protection officer's screen, loaded on demand (not with every form page). */
export const PrivacyOfficerScreen = dynamic(() => import('./privacy-officer-screen').then((m) => m.PrivacyOfficerScreen));
