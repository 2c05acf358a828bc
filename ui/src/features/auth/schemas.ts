//! The signed-out forms' fields and their checks (spec §5 messages).
import { confirmedPassword, newPasswordFields, z } from '../../lib/forms';

const email = z.string().trim().min(1).pipe(z.email());

export const loginSchema = z.object({
  email,
  password: z.string().min(1),
  remember: z.boolean(),
});

export const forgotSchema = z.object({ email });

export const resetSchema = confirmedPassword(z.object(newPasswordFields));
