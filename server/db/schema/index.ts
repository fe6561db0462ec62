export * from './reference';
export * from './organisations';
export * from './members';
export * from './roles';
export * from './trainings';
export * from './auth';
export * from './files';
export * from './orders';
