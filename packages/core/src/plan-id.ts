import { z } from 'zod';
import { planIds } from './plans.ts';

export const planIdSchema = z.enum(planIds);
