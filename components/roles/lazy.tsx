'use client';

import dynamic from 'next/dynamic';

/** The role administration's client part, loaded on demand. */
export const RoleAdminScreen = dynamic(() => import('./role-admin-screen').then((m) => m.RoleAdminScreen));
