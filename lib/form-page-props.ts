/** What the form route hands every form page (app/form/[org]/[func]/[[...id]]/forms.tsx). */
/** Who is signed in, as a form page may show it. Never the token. */
export interface FormUser {
  mgId: number;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** What every form page receives: the organisation, the user and the system role. */
export interface FormPageProps {
  orgId: number;
  orgName: string;
  funkId: number;
  functionName: string;
  /** The assignment that grants the role. */
  funkMgId: number;
  /** The organisation's level (1 federation, 2 state association, 3 club) as the system roles tell it; absent when the API does not say. */
  orgLevel?: number | null;
  /** The optional id segment of /form/O{org}/F{func}/{id} ('new', a number, ...), as in the address. */
  id?: string;
  user: FormUser;
}
