import { act, renderHook } from '@testing-library/react';
import { usePendingFiles } from '@/components/ui/hooks/use-pending-files';
import { uploadFile } from '@/lib/upload';

jest.mock('../../../../lib/upload', () => ({ ...jest.requireActual('../../../../lib/upload'), uploadFile: jest.fn() }));
jest.mock('../../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));

const uploadMock = uploadFile as jest.MockedFunction<typeof uploadFile>;
const file = (name: string) => new File(['x'], name, { type: name.endsWith('.pdf') ? 'application/pdf' : 'image/png' });

/** The hook as a form uses it (here with the message centre's addresses); the record is a list of the steps done. */
function setup() {
  const removeFile = jest.fn(async (id: number, fileId: string) => `removed ${fileId} of ${id}`);
  const { result } = renderHook(() =>
    usePendingFiles<string>({ uploadUrl: (id) => `/admin/api/v1/admin/messages/upload/${id}`, removeFile }),
  );
  return { result, removeFile };
}

beforeEach(() => jest.clearAllMocks());

it('uploads the additions 3 per request first, then removes the marked files, and is empty afterwards', async () => {
  uploadMock.mockResolvedValueOnce({ status: 200, body: 'first three' }).mockResolvedValueOnce({ status: 200, body: 'fourth' });
  const { result, removeFile } = setup();
  act(() => result.current.add(['a.png', 'b.png', 'c.pdf', 'd.png'].map(file)));
  act(() => result.current.remove('old-1'));
  act(() => result.current.remove('old-2'));
  expect(result.current.pending).toBe(true);

  let done: Awaited<ReturnType<typeof result.current.commit>> | undefined;
  await act(async () => {
    done = await result.current.commit(41);
  });

  expect(done).toEqual({ ok: true, record: 'removed old-2 of 41' });
  expect(uploadMock.mock.calls.map((c) => [c[0], (c[1] as File[]).map((f) => f.name), c[4]])).toEqual([
    ['/admin/api/v1/admin/messages/upload/41', ['a.png', 'b.png', 'c.pdf'], 'files'],
    ['/admin/api/v1/admin/messages/upload/41', ['d.png'], 'files'],
  ]);
  expect(removeFile.mock.calls).toEqual([
    [41, 'old-1'],
    [41, 'old-2'],
  ]);
  expect(uploadMock.mock.invocationCallOrder[1]).toBeLessThan(removeFile.mock.invocationCallOrder[0]);
  expect(result.current.pending).toBe(false);
  expect(result.current.percent).toBeNull();
});

it('stops at a refused upload: what came before stays done, nothing is removed, the rest is named', async () => {
  uploadMock.mockResolvedValueOnce({ status: 200, body: 'first three' }).mockResolvedValueOnce({ status: 413, body: {} });
  const { result, removeFile } = setup();
  act(() => result.current.add(['a.png', 'b.png', 'c.png', 'd.png'].map(file)));
  act(() => result.current.remove('old-1'));

  let done: Awaited<ReturnType<typeof result.current.commit>> | undefined;
  await act(async () => {
    done = await result.current.commit(41);
  });

  expect(done).toMatchObject({ ok: false, status: 413, record: 'first three', notRemoved: ['old-1'] });
  expect(done && !done.ok && done.notUploaded.map((f) => f.name)).toEqual(['d.png']);
  expect(removeFile).not.toHaveBeenCalled();
  expect(result.current.pending).toBe(false);
});

it('commits nothing when nothing waits; reset discards additions and removals', async () => {
  const { result, removeFile } = setup();
  act(() => result.current.add([file('a.png')]));
  act(() => result.current.remove('old-1'));
  act(() => result.current.reset());
  expect(result.current.pending).toBe(false);

  let done: Awaited<ReturnType<typeof result.current.commit>> | undefined;
  await act(async () => {
    done = await result.current.commit(41);
  });
  expect(done).toEqual({ ok: true, record: null });
  expect(uploadMock).not.toHaveBeenCalled();
  expect(removeFile).not.toHaveBeenCalled();
});
