import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../constants.ts";

const COMMON = new Set([
  "password", "password1", "password123", "12345678", "123456789", "1234567890", "qwertyui", "qwerty123",
  "iloveyou", "11111111", "00000000", "abc12345", "letmein1", "welcome1", "football", "baseball",
  "sunshine", "princess", "passw0rd", "trustno1", "superman", "starwars", "whatever", "dragon12",
  "monkey12", "12341234", "87654321", "qwertyuiop", "asdfghjk", "zxcvbnm1", "inkwell1", "inkwell123",
]);

/**
 * Reasons a password is too weak; empty when it is acceptable. The server refuses a weak
 * password with this list (spec §5: "Weak-password errors from the server carry a list of reasons").
 */
export function weakPasswordReasons(password: string, context: { email?: string; name?: string } = {}): string[] {
  const reasons: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push("Password must be at least 8 characters");
  if (password.length > MAX_PASSWORD_LENGTH) reasons.push(`Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  const lower = password.toLowerCase();
  if (password.length >= MIN_PASSWORD_LENGTH) {
    if (COMMON.has(lower)) reasons.push("It is one of the most common passwords");
    if (/^(.)\1+$/u.test(password)) reasons.push("It repeats a single character");
    const local = context.email?.split("@")[0]?.toLowerCase();
    if (local && local.length >= 4 && lower === local) reasons.push("It is the same as your email");
    if (context.email && lower === context.email.toLowerCase()) reasons.push("It is the same as your email");
  }
  return [...new Set(reasons)];
}
