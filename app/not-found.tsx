import { redirect } from 'next/navigation';

/** Any other address goes to the start page (operations §2). */
export default function NotFound() {
  redirect('/');
}
