//! The account forms' fields and their checks (spec §5 messages).
import { confirmedPassword, newPasswordFields, z } from '../../lib/forms';

export const changePasswordSchema = confirmedPassword(z.object({ current_password: z.string().min(1), ...newPasswordFields }));

export const confirmPasswordSchema = z.object({ password: z.string().min(1) });
