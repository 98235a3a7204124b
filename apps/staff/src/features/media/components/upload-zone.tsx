import { MEDIA_ACCEPT, type Media } from '@grocer/shared/media';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { uploadMedia } from '../api/upload-media';
import { t } from '../../../lib/i18n';

interface Job {
  key: string;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

/**
 * Drop files here or choose them with the button: each file is its own upload with its own
 * progress bar and its own error (too large, not an image), so one bad file does not stop the rest.
 * The server decides what is an image; `accept` only narrows the file chooser.
 */
export function UploadZone({ onUploaded, compact = false }: { onUploaded?: (media: Media) => void; compact?: boolean }) {
  const [jobs, setJobs] = useState<Job[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const client = useQueryClient();

  const patch = (key: string, change: Partial<Job>) => setJobs((all) => all.map((j) => (j.key === key ? { ...j, ...change } : j)));
  const start = (files: FileList | File[]) => {
    const list = [...files];
    if (!list.length) return;
    const added = list.map((f, i) => ({
      file: f,
      job: { key: `${Date.now()}-${i}-${f.name}`, name: f.name, progress: 0, state: 'uploading' as const },
    }));
    setJobs((all) => [...added.map((a) => a.job), ...all].slice(0, 20));
    void Promise.all(
      added.map(async ({ file, job }) => {
        try {
          const media = await uploadMedia(file, (p) => patch(job.key, { progress: p }));
          patch(job.key, { state: 'done', progress: 1 });
          onUploaded?.(media);
        } catch (e) {
          patch(job.key, { state: 'failed', error: errorMessage(e) });
        }
      }),
    ).then(() => client.invalidateQueries({ queryKey: ['admin', 'media'] }));
  };

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          start(e.dataTransfer.files);
        }}
        className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed text-center ${
          compact ? 'p-4' : 'p-8'
        } ${over ? 'border-brand bg-brand/5' : 'border-gray-300 bg-white'}`}
      >
        <Upload className="size-6 text-gray-400" aria-hidden />
        <p className="text-sm text-gray-700">{t('Drag photos here, or')}</p>
        <button
          type="button"
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
          className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90"
        >
          {t('Choose files')}
        </button>
        <p id={hintId} className="text-xs text-gray-500">
          {t('JPEG, PNG, WebP or AVIF. Location and camera details are removed.')}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          className="sr-only"
          aria-label={t('Upload images')}
          tabIndex={-1}
          onChange={(e) => {
            if (e.target.files) start(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {jobs.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={t('Uploads')}>
          {jobs.map((j) => (
            <li key={j.key} className="rounded-md border bg-white px-3 py-2 text-sm">
              <div className="flex items-center gap-2">
                {j.state === 'done' && <CircleCheck className="size-4 text-green-700" aria-hidden />}
                {j.state === 'failed' && <CircleAlert className="size-4 text-red-700" aria-hidden />}
                <span className="min-w-0 flex-1 truncate">{j.name}</span>
                <span className="text-xs text-gray-500">
                  {j.state === 'uploading' ? `${Math.round(j.progress * 100)}%` : j.state === 'done' ? t('Uploaded') : t('Failed')}
                </span>
              </div>
              {j.state === 'uploading' && (
                <progress className="mt-1 h-1.5 w-full" value={j.progress} max={1} aria-label={t('Uploading {name}', { name: j.name })} />
              )}
              {j.error && (
                <p role="alert" className="mt-1 text-xs text-red-700">
                  {j.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
