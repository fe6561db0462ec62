import type { ReactNode } from 'react';
import Link from 'next/link';

/** The link below a signed-out form to the other signed-out screen (sign-in ⇄ forgot password). */
export function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mt-4 text-center text-sm">
      <Link href={href} className="text-brand hover:underline">
        {children}
      </Link>
    </p>
  );
}
