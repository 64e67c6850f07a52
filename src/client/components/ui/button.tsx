import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "text" | "primary" | "secondary" | "ghost" | "danger";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md font-sans transition-colors disabled:cursor-not-allowed disabled:opacity-50 min-h-11 select-none";
const variants: Record<ButtonVariant, string> = {
  /** The house style: quiet lowercase words ("write", "publish", "save"). */
  text: "px-3 text-lg lowercase tracking-wide text-ink underline-offset-8 decoration-accent/60 hover:underline hover:text-accent disabled:no-underline",
  primary: "px-5 bg-accent text-accent-ink font-medium hover:opacity-90",
  secondary: "px-5 border border-line bg-card text-ink hover:border-accent",
  ghost: "px-3 text-muted hover:text-ink hover:bg-accent-soft",
  danger: "px-5 bg-danger text-paper font-medium hover:opacity-90",
};

export function buttonClass(variant: ButtonVariant = "secondary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export function Button({
  variant = "secondary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function LinkButton({ variant = "secondary", className = "", ...props }: LinkProps & { variant?: ButtonVariant; children: ReactNode }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
