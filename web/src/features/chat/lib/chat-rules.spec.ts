import { render } from '../../../i18n/testing';
import { Limits } from '@aero/contracts/shared';
import { chatPhotoProblem, matchSubtitle, messageText, reportableMessages, shouldSendTyping, TYPING_SEND_INTERVAL_MS } from './chat-rules';

const show = (value: ReturnType<typeof matchSubtitle> | null) => (value === null ? null : typeof value === 'string' ? value : render(value));

describe('chat rules (spec §5 Chat)', () => {
  it('accepts images up to 10 MB as photo messages, by content (the kind of their first bytes)', () => {
    expect(chatPhotoProblem({ name: 'p.jpg', size: 10 * 1024 * 1024 }, { kind: 'image', format: 'jpeg' })).toBeNull();
    expect(show(chatPhotoProblem({ name: 'p.jpg', size: 10 }, { kind: 'pdf' }))).toBe('Please select an image file');
    // a text file named fake.jpg, and an image the server does not take as a photo
    expect(show(chatPhotoProblem({ name: 'p.jpg', size: 10 }, { kind: 'unknown' }))).toBe('Please select an image file');
    expect(show(chatPhotoProblem({ name: 'p.jpg', size: 10 }, { kind: 'image', format: 'svg' }))).toBe('Please select an image file');
    expect(show(chatPhotoProblem({ name: 'p.jpg', size: 10 * 1024 * 1024 + 1 }, { kind: 'image', format: 'png' }))).toBe('File size too large. Maximum size is 10MB');
    // a small file of more pixels than the server takes; one the browser could not measure is the server's to decide
    expect(show(chatPhotoProblem({ name: 'huge.jpg', size: 10 }, { kind: 'image', format: 'jpeg' }, 9000 * 9000))).toBe('huge.jpg has too many pixels (max 60 megapixels)');
    expect(chatPhotoProblem({ name: 'IMG_0042', size: 10 }, { kind: 'image', format: 'heif' }, null)).toBeNull();
  });

  it('sends trimmed text, and nothing when blank', () => {
    expect(messageText('  hello there \n')).toBe('hello there');
    expect(messageText(' \n\t ')).toBeNull();
  });

  it("describes a match as 'position at airline', else 'Click to start chatting!' until they have written", () => {
    const match = (position: string | null, airline: string | null, hasMessages = false) => ({ otherUser: { position, airline }, hasMessages });
    expect(show(matchSubtitle(match('Pilot', 'Delta Air Lines')))).toBe('Pilot at Delta Air Lines');
    expect(show(matchSubtitle(match('Pilot', 'Delta Air Lines', true)))).toBe('Pilot at Delta Air Lines');
    expect(show(matchSubtitle(match(null, 'Delta Air Lines')))).toBe('Delta Air Lines');
    expect(show(matchSubtitle(match(null, null)))).toBe('Click to start chatting!');
    expect(show(matchSubtitle(match(null, null, true)))).toBe('Click to continue chatting');
    expect(render(matchSubtitle(match('Pilot', 'KLM'), () => 'Piloto') as never, 'es')).toBe('Piloto en KLM');
    expect(render(matchSubtitle(match(null, null, true)) as never, 'de')).toBe('Klicke, um weiterzuchatten');
  });

  it('tells the server about typing at most once per interval', () => {
    expect(TYPING_SEND_INTERVAL_MS).toBe(2000);
    expect(shouldSendTyping(null, 5000)).toBe(true);
    expect(shouldSendTyping(5000, 6999)).toBe(false);
    expect(shouldSendTyping(5000, 7000)).toBe(true);
  });
});

describe('reportableMessages', () => {
  const theirs = Array.from({ length: 25 }, (_, i) => ({ id: `m${i}`, senderId: 'ben', messageType: 'text' }));
  const conversation = [{ id: 'mine', senderId: 'me', messageType: 'text' }, { id: 'photo', senderId: 'ben', messageType: 'photo' }, ...theirs];

  it("offers the other member's latest text messages, as many as a report may carry (the server's limit)", () => {
    const offered = reportableMessages(conversation, 'ben').map((m) => m.id);
    expect(offered).toHaveLength(Limits.reportMaxMessages);
    expect(offered.at(-1)).toBe('m24');
    expect(offered).not.toContain('mine');
    expect(offered).not.toContain('photo');
  });

  it('offers the message the report started from wherever it is', () => {
    expect(reportableMessages(conversation, 'ben', 'm0').map((m) => m.id)).toContain('m0');
  });
});
