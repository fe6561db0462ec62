import { redirect } from 'next/navigation';

/** Any other address goes to the start page . */
export default function NotFound() {
  redirect('/');
}
