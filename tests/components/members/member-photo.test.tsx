import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemberPhoto } from '@/components/members/member-photo';
import { notify } from '@/components/ui/toast';
import { renderWithIntl as renderIntl } from '../render-with-intl';

const router = { refresh: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));

/** Stands in for XMLHttpRequest so the test controls progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  url = '';
  status = 0;
  responseText = '';
  responseType = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  send() {
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

const choose = (file: File) => fireEvent.change(screen.getByLabelText('Foto hochladen'), { target: { files: [file] } });

describe('MemberPhoto', () => {
  it("uploads a png to the member's id through the proxy with progress, then shows the new picture", async () => {
    renderIntl(<MemberPhoto memberId={955} name="Rosalie Aigner" imageLink={null} canUpload />);
    choose(new File([new Uint8Array([137, 80, 78, 71])], 'r.png', { type: 'image/png' }));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/admin/api/v1/profile/image/955');
    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 3, total: 4 }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    act(() => xhr.respond(200, { uuid: 'u1', imageLink: '/api/v1/profile/image/u1' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Erfolgreich hochgeladen'));
    expect(router.refresh).toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses other file types before uploading, and says so when the API refuses one', async () => {
    renderIntl(<MemberPhoto memberId={955} name="Rosalie Aigner" imageLink={null} canUpload />);
    choose(new File(['GIF89a'], 'r.gif', { type: 'image/gif' }));
    expect(notify.error).toHaveBeenCalledWith('Nur PNG- oder JPEG-Bilder sind erlaubt');
    expect(FakeXhr.last).toBeNull();

    choose(new File(['not really'], 'r.png', { type: 'image/png' }));
    act(() => FakeXhr.last!.respond(415, { error: { code: 'unsupported_type', message: 'x' } }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(2));
    expect(notify.error).toHaveBeenLastCalledWith('Nur PNG- oder JPEG-Bilder sind erlaubt');
  });

  it('offers no upload without the right to edit', () => {
    renderIntl(<MemberPhoto memberId={955} name="Rosalie Aigner" imageLink={null} canUpload={false} />);
    expect(screen.queryByLabelText('Foto hochladen')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rosalie Aigner' })).toHaveTextContent('RA');
  });
});
