import { z } from 'zod';

/** A database id in an action's or route's input: a whole number above 0. */
export const recordId = z.number().int().positive();

/** The version an edit was based on (the record's updatedAt); a save on another version is stale. */
export const recordVersion = z.string().min(1).max(64);
