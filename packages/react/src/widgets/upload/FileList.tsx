import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { Translate } from '../shared/texts.js';
import { textOr } from '../shared/texts.js';
import { shortFileName } from './fileName.js';

export interface ListedFile {
  uid: string;
  name: string;
  status?: string;
}

interface FileListProps<F extends ListedFile> {
  files: readonly F[];
  /** The list's accessible name (the field's label). */
  label: string;
  t: Translate;
  disabled?: boolean;
  onRemove: (file: F) => void;
  /** What shows after a file while it is on its way (a progress bar), if anything. */
  progress?: (file: F) => ReactNode;
  /** What shows under a file (its preview), if anything. */
  preview?: (file: F) => ReactNode;
}

/** The chosen files of an upload field: each name (shortened, whole in its title), a remove button, its progress, its preview. */
export function FileList<F extends ListedFile>({
  files,
  label,
  t,
  disabled,
  onRemove,
  progress,
  preview,
}: FileListProps<F>) {
  if (files.length === 0) return null;
  return (
    <ul aria-label={label} style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
      {files.map((file) => (
        <li key={file.uid} data-status={file.status} style={{ marginBottom: 4 }}>
          <span title={file.name}>{shortFileName(file.name)}</span>{' '}
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={textOr(t, 'upload.remove', 'Remove {{name}}', { name: file.name })}
            onClick={() => onRemove(file)}
            disabled={disabled}
          />
          {progress?.(file)}
          {preview?.(file)}
        </li>
      ))}
    </ul>
  );
}
