import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ProfilePicture } from '@/components/profile/profile-picture';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { notify } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';

const router = { refresh: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));
jest.mock('../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));

/** Stands in for XMLHttpRequest so the test controls progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  respond(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}

beforeEach(() => {
  jest.clearAllMocks();
  FakeXhr.last = null;
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Bild hochladen'), { target: { files: [file] } });
}

describe('ProfilePicture', () => {
  it('shows a 200 px avatar with the initials when there is no picture', () => {
    renderWithIntl(<ProfilePicture mgId={7} name="Anna Huber" imageSrc={null} />);
    const avatar = screen.getByRole('img', { name: 'Anna Huber' });
    expect(avatar).toHaveTextContent('AH');
    expect(avatar.parentElement).toHaveStyle({ width: '200px', height: '200px' });
  });

  it('accepts png and jpeg only, refusing other files before uploading', () => {
    renderWithIntl(<ProfilePicture mgId={7} name="Anna Huber" imageSrc={null} />);
    expect(screen.getByLabelText('Bild hochladen')).toHaveAttribute('accept', 'image/png,image/jpeg');
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(notify.error).toHaveBeenCalledWith('Nur PNG- oder JPEG-Bilder sind erlaubt');
    expect(FakeXhr.last).toBeNull();
  });

  it('uploads through the proxy to the own member id, shows the progress, then the success toast', async () => {
    renderWithIntl(<ProfilePicture mgId={7} name="Anna Huber" imageSrc={null} />);
    choose(png());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/admin/api/v1/profile/image/7');
    expect((xhr.body!.get('file') as File).name).toBe('me.png');

    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 45, total: 100 }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('Wird hochgeladen … 45 %')).toBeInTheDocument();

    act(() => xhr.respond(200, { uuid: 'u1', imageLink: '/api/v1/profile/image/u1' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Erfolgreich hochgeladen'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(router.refresh).toHaveBeenCalled();
  });

  it('shows the refusal of a file that is not really an image', async () => {
    renderWithIntl(<ProfilePicture mgId={7} name="Anna Huber" imageSrc={null} />);
    choose(png());
    act(() => FakeXhr.last!.respond(415, { error: { code: 'unsupported_type', message: 'x' } }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Nur PNG- oder JPEG-Bilder sind erlaubt'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('goes to sign-in with the session-expired notice when the API no longer accepts the session', async () => {
    renderWithIntl(<ProfilePicture mgId={7} name="Anna Huber" imageSrc={null} />);
    choose(png());
    act(() => FakeXhr.last!.respond(401, { error: { code: 'unauthorized', message: 'x' } }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(expect.stringMatching(/^\/admin\/\?expired=1&next=/)));
    expect(notify.success).not.toHaveBeenCalled();
  });
});
