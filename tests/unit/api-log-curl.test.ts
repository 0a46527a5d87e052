import { describe, expect, it } from 'vitest';
import { curlOf, shellQuote } from '../../renderer/src/pages/api-log/curl.ts';
import { API_LOG_BODY_HEAD } from '../../shared/domain/api-log.ts';

/** "Copy as curl" of the API log (renderer/src/pages/api-log/curl.ts): the command a logged call becomes. */
describe('curlOf', () => {
  const call = { restBaseUrl: 'http://127.0.0.1:8080/app/rest/v1/', companyId: 7, method: 'GET', route: '/sales/list/', user: 'shop', requestBody: '' };

  it('a GET: the URL of the account, the user with a password placeholder, nothing else', () => {
    expect(curlOf(call)).toEqual({
      command: "curl 'http://127.0.0.1:8080/app/rest/v1/7/sales/list/' \\\n  -u 'shop:<password>'",
      bodyCut: false,
      bodyBinary: false,
    });
  });

  it('a POST with its body, quoted for the shell (a quote inside included)', () => {
    const { command } = curlOf({ ...call, method: 'POST', route: '/sales/1/payment/', requestBody: `{"note":"it's ăîșț"}` });
    expect(command.split(' \\\n  ')).toEqual([
      "curl 'http://127.0.0.1:8080/app/rest/v1/7/sales/1/payment/'",
      '-X POST',
      "-u 'shop:<password>'",
      "-H 'Content-Type: application/json'",
      `--data-raw '{"note":"it'\\''s ăîșț"}'`,
    ]);
  });

  it('encodes the route again (the log keeps it decoded), says what the log could not keep', () => {
    expect(curlOf({ ...call, route: '/product/cod mare/' }).command).toContain("'http://127.0.0.1:8080/app/rest/v1/7/product/cod%20mare/'");
    expect(curlOf({ ...call, method: 'POST', requestBody: 'x'.repeat(API_LOG_BODY_HEAD) }).bodyCut).toBe(true);
    const upload = curlOf({ ...call, method: 'POST', requestBody: '<5120 bytes>' });
    expect(upload).toMatchObject({ bodyBinary: true });
    expect(upload.command).not.toContain('--data-raw');
    expect(curlOf({ ...call, user: '' }).command).toContain("-u '<user>:<password>'");
  });

  it('shellQuote keeps any text as one word', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    expect(shellQuote('$HOME `x`')).toBe("'$HOME `x`'");
  });
});
