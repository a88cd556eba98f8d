/**
 * A walk over an MP4's boxes that decides, before mp4box parses anything, whether the file can be what
 * it claims. mp4box parses synchronously on the event loop and trusts the counts it reads: an `stsz` box
 * with a constant sample size and `sample_count` = 4,294,967,295 makes it build one object per announced
 * sample, so 21 KB froze the server for seconds or killed it (issue 14). The same holds for `trun`
 * (fragments), `sgpd` and `saiz`, and every other table is read entry by entry into arrays.
 *
 * The walk reads only box headers and the few count fields, so it costs microseconds per box, and it
 * refuses a file when:
 * - a box is smaller than its header, or declares more bytes than its parent (or the file) has left, or
 *   containers are nested more than 8 deep;
 *   a box whose size is 0 ("to the end") is allowed for a top-level mdat only;
 * - a table's entries (stsz, stz2, stts, ctts, stsc, stco, co64, stss, elst, sbgp, sgpd, saiz, trun, padb,
 *   subs, sdtp, stdp) do not fit inside its box, or a table has more than MAX_SAMPLES entries;
 * - the samples announced (stsz/stz2 and trun counts over all tracks, and each stts/ctts run total) are more
 *   than MAX_SAMPLES, or more than the media data (top-level mdat payload) could hold at one byte each,
 *   or, with a constant sample size, more bytes than the media data has;
 * - one of those table types appears anywhere outside the media data where the walk did not check it
 *   (mp4box parses boxes inside containers the walk does not enter, such as udta or sample entries).
 *
 * A file that simply ends early (the last top-level box runs past the end) is reported as incomplete,
 * not refused: that is what a cut-off upload looks like.
 */

/**
 * Samples (and entries of any one table) a face recording may have in total across its tracks. The form
 * records 5 s and at most 8 s are accepted: at 60 frames a second that is 480 video frames, and AAC or
 * Opus audio adds about 50 frames a second (400 in 8 s). 20,000 leaves room for more than forty times
 * that (a 2½-minute 60 fps recording, which is answered with "review" for its length), while mp4box
 * parses 20,000 samples in a few milliseconds. Uncompressed PCM audio, where every audio sample counts,
 * would exceed it; browsers do not record PCM into MP4.
 */
export const MAX_SAMPLES = 20_000;

export type Mp4Structure =
  | { kind: 'ok'; samples: number; mediaBytes: number }
  | { kind: 'incomplete'; message: string }
  | { kind: 'refused'; message: string };

const MAX_DEPTH = 8;

/** Containers the walk enters: the path to every sample table of an ordinary or fragmented MP4. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf', 'edts']);

class Refusal extends Error {}

const fourcc = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
const count = (n: number) => n.toLocaleString('en-US');

interface Box {
  type: string;
  start: number;
  /** First byte after the header. */
  body: number;
  end: number;
}

/** Table boxes and what each of their entries takes: checked wherever they stand. */
const TABLES = new Set([
  'stsz',
  'stz2',
  'stts',
  'ctts',
  'stsc',
  'stco',
  'co64',
  'stss',
  'elst',
  'sbgp',
  'sgpd',
  'saiz',
  'trun',
  'padb',
  'subs',
  'sdtp',
  'stdp',
]);

class Walk {
  private readonly view: DataView;
  /** Start offsets of the table boxes checked. */
  readonly checked = new Set<number>();
  /** Top-level mdat payloads: [start, end) pairs. */
  readonly media: [number, number][] = [];
  mediaBytes = 0;
  samples = 0;
  private readonly tables: { box: Box; sampleCount?: number; constantSize?: number; runTotal?: number }[] = [];

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  u32(at: number, box: Box): number {
    if (at + 4 > box.end) throw new Refusal(`its ${box.type} box is too short for its fields`);
    return this.view.getUint32(at);
  }

  /** The boxes in [start, end); `top` for the file itself. Returns false when the file ends early. */
  boxes(start: number, end: number, top: boolean, visit: (box: Box) => void): boolean {
    let at = start;
    while (at < end) {
      const left = end - at;
      if (left < 8) {
        if (top) return false;
        throw new Refusal(`${left} stray bytes end a container`);
      }
      let size = this.view.getUint32(at);
      const type = fourcc(this.bytes, at + 4);
      let header = 8;
      if (size === 1) {
        if (left < 16) {
          if (top) return false;
          throw new Refusal(`the ${type} box's 64-bit size runs past its parent`);
        }
        size = this.view.getUint32(at + 8) * 2 ** 32 + this.view.getUint32(at + 12);
        header = 16;
      } else if (size === 0) {
        if (!(top && type === 'mdat')) throw new Refusal(`its ${type} box declares no size`);
        size = left;
      }
      if (type === 'uuid') header += 16;
      if (size < header) throw new Refusal(`its ${type} box declares ${count(size)} bytes, less than its header`);
      if (size > left) {
        if (top) return false;
        throw new Refusal(
          `its ${type} box declares ${count(size)} bytes, more than the ${count(left)} its parent has left`,
        );
      }
      visit({ type, start: at, body: at + header, end: at + size });
      at += size;
    }
    return true;
  }

  enter(box: Box, depth = 1): void {
    if (CONTAINERS.has(box.type)) {
      // moov/trak/mdia/minf/stbl is the deepest path of a recording (5); a file nesting far deeper is made, and
      // would take mp4box's recursion (and this walk's) into a stack overflow
      if (depth > MAX_DEPTH) throw new Refusal(`its boxes are nested more than ${MAX_DEPTH} deep`);
      this.boxes(box.body, box.end, false, (child) => this.enter(child, depth + 1));
    } else if (TABLES.has(box.type)) {
      this.table(box);
    }
  }

  /** A table's entries must fit in its box, and no table may be longer than MAX_SAMPLES. */
  table(box: Box): void {
    this.checked.add(box.start);
    const b = box.body;
    const size = box.end - b;
    if (size < 4) throw new Refusal(`its ${box.type} box is too short for its fields`);
    const version = this.bytes[b];
    const flags = this.view.getUint32(b) & 0xffffff;
    const fits = (entries: number, at: number, entryBytes: number, what = 'entries') => {
      if (entries > MAX_SAMPLES) {
        throw new Refusal(
          `its ${box.type} box lists ${count(entries)} ${what}, more than the ${count(MAX_SAMPLES)} a short recording can have`,
        );
      }
      const need = at + Math.ceil(entries * entryBytes);
      if (need > box.end) {
        throw new Refusal(
          `its ${box.type} box lists ${count(entries)} ${what}, which need ${count(need - b)} bytes, but the box holds ${count(size)}`,
        );
      }
    };
    switch (box.type) {
      case 'stsz': {
        const constant = this.u32(b + 4, box);
        const n = this.u32(b + 8, box);
        fits(n, b + 12, constant === 0 ? 4 : 0, 'samples');
        this.tables.push({ box, sampleCount: n, constantSize: constant || undefined });
        break;
      }
      case 'stz2': {
        const fieldBits = this.u32(b + 4, box) & 0xff;
        const n = this.u32(b + 8, box);
        fits(n, b + 12, fieldBits / 8, 'samples');
        this.tables.push({ box, sampleCount: n });
        break;
      }
      case 'stts':
      case 'ctts': {
        const n = this.u32(b + 4, box);
        fits(n, b + 8, 8);
        let total = 0;
        for (let i = 0; i < n; i++) total += this.view.getUint32(b + 8 + 8 * i);
        this.tables.push({ box, runTotal: total });
        break;
      }
      case 'stsc':
        fits(this.u32(b + 4, box), b + 8, 12);
        break;
      case 'stco':
      case 'stss':
        fits(this.u32(b + 4, box), b + 8, 4);
        break;
      case 'co64':
        fits(this.u32(b + 4, box), b + 8, 8);
        break;
      case 'elst':
        fits(this.u32(b + 4, box), b + 8, version === 1 ? 20 : 12);
        break;
      case 'sbgp': {
        const at = b + 8 + (version === 1 ? 4 : 0);
        fits(this.u32(at, box), at + 4, 8);
        break;
      }
      case 'sgpd': {
        // entries without a length of their own are read as at least one byte each by this walk's rule
        let at = b + 8;
        let entryBytes = 1;
        if (version === 1) {
          const length = this.u32(at, box);
          entryBytes = length === 0 ? 4 : length;
          at += 4;
        }
        if (version >= 2) at += 4;
        fits(this.u32(at, box), at + 4, entryBytes);
        break;
      }
      case 'saiz': {
        const at = b + 4 + (flags & 1 ? 8 : 0);
        if (at + 5 > box.end) throw new Refusal('its saiz box is too short for its fields');
        const defaultSize = this.bytes[at];
        fits(this.u32(at + 1, box), at + 5, defaultSize === 0 ? 1 : 0, 'samples');
        break;
      }
      case 'trun': {
        const n = this.u32(b + 4, box);
        const at = b + 8 + (flags & 1 ? 4 : 0) + (flags & 4 ? 4 : 0);
        if (at > box.end) throw new Refusal('its trun box is too short for its fields');
        let perSample = 0;
        for (const bit of [0x100, 0x200, 0x400, 0x800]) if (flags & bit) perSample += 4;
        fits(n, at, perSample, 'samples');
        this.tables.push({ box, sampleCount: n });
        break;
      }
      case 'padb':
        fits(this.u32(b + 4, box), b + 8, 0.5, 'samples');
        break;
      case 'subs':
        fits(this.u32(b + 4, box), b + 8, 6);
        break;
      case 'sdtp':
        fits(size - 4, b + 4, 1, 'samples');
        break;
      case 'stdp':
        fits(Math.floor((size - 4) / 2), b + 4, 2, 'samples');
        break;
    }
  }

  /** The totals over all tables, against MAX_SAMPLES and the media data the file has. */
  totals(): void {
    const mediaBytes = this.mediaBytes;
    for (const { box, sampleCount, constantSize, runTotal } of this.tables) {
      if (sampleCount !== undefined) {
        this.samples += sampleCount;
        if (constantSize !== undefined && sampleCount * constantSize > mediaBytes) {
          throw new Refusal(
            `its ${box.type} box lists ${count(sampleCount)} samples of ${count(constantSize)} bytes, more than the ${count(mediaBytes)} bytes of media data in the file`,
          );
        }
      }
      if (runTotal !== undefined && (runTotal > MAX_SAMPLES || runTotal > mediaBytes)) {
        throw new Refusal(
          `its ${box.type} box counts ${count(runTotal)} samples, more than the ${runTotal > MAX_SAMPLES ? `${count(MAX_SAMPLES)} a short recording can have` : `${count(mediaBytes)} bytes of media data can hold`}`,
        );
      }
    }
    if (this.samples > MAX_SAMPLES) {
      throw new Refusal(
        `its tracks list ${count(this.samples)} samples in all, more than the ${count(MAX_SAMPLES)} a short recording can have`,
      );
    }
    if (this.samples > mediaBytes) {
      throw new Refusal(
        `its tracks list ${count(this.samples)} samples, more than the ${count(mediaBytes)} bytes of media data can hold`,
      );
    }
  }

  /** Every table type's name outside the media data must stand at a box the walk checked. */
  hidden(): void {
    const { bytes } = this;
    let mediaIndex = 0;
    for (let at = 4; at + 4 <= bytes.length; at++) {
      while (mediaIndex < this.media.length && this.media[mediaIndex][1] <= at) mediaIndex++;
      const media = this.media[mediaIndex];
      if (media && at >= media[0]) {
        at = media[1] - 1;
        continue;
      }
      // cheap first test: every table name starts with 's', 'c', 'e', 't' or 'p'
      const first = bytes[at];
      if (first !== 0x73 && first !== 0x63 && first !== 0x65 && first !== 0x74 && first !== 0x70) continue;
      const type = fourcc(bytes, at);
      if (TABLES.has(type) && !this.checked.has(at - 4)) {
        throw new Refusal(`it has a ${type} table where a recording has none (at byte ${count(at - 4)})`);
      }
    }
  }
}

/** The verdict on an MP4's structure (see the comment at the top). */
export function inspectMp4(bytes: Uint8Array): Mp4Structure {
  const walk = new Walk(bytes);
  try {
    const top: Box[] = [];
    const complete = walk.boxes(0, bytes.length, true, (box) => top.push(box));
    if (!complete) {
      return { kind: 'incomplete', message: 'the file ends in the middle of a box' };
    }
    for (const box of top) {
      if (box.type === 'mdat') {
        walk.media.push([box.body, box.end]);
        walk.mediaBytes += box.end - box.body;
      }
    }
    for (const box of top) walk.enter(box);
    walk.totals();
    walk.hidden();
    return { kind: 'ok', samples: walk.samples, mediaBytes: walk.mediaBytes };
  } catch (error) {
    if (error instanceof Refusal) return { kind: 'refused', message: error.message };
    throw error;
  }
}
