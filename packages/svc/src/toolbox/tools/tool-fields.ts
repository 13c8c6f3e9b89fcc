// Argument schemas shared by several tools.
import { z } from 'zod';

/** A screen coordinate in device pixels. */
export const pixel = (what: string) => z.number().int().min(0).max(100_000).describe(`${what} in device pixels`);
