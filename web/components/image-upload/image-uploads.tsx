import { useCallback, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UploadedImage } from '../../../contracts/files.ts';
import { uploadImage } from './upload-image.ts';

/** An image on its way to the server. */
export interface Upload {
  id: number;
  name: string;
  /** 0 to 1. */
  progress: number;
}

/** Uploads images one call at a time, keeping the list of those in progress for `UploadProgress`. */
export function useImageUploads() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const counter = useRef(0);
  const start = useCallback(async (file: File): Promise<UploadedImage> => {
    counter.current += 1;
    const id = counter.current;
    setUploads((list) => [...list, { id, name: file.name, progress: 0 }]);
    try {
      return await uploadImage(file, (progress) =>
        setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, progress } : upload))),
      );
    } finally {
      setUploads((list) => list.filter((upload) => upload.id !== id));
    }
  }, []);
  return { uploads, start };
}

/** A bar per image being uploaded, each named by its file. */
export function UploadProgress({ uploads }: { uploads: readonly Upload[] }) {
  if (uploads.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      {uploads.map((upload) => {
        const percent = Math.round(upload.progress * 100);
        return (
          <Box key={upload.id} sx={{ mb: 1 }}>
            <Typography variant="body2">
              Uploading “{upload.name}”… {percent}%
            </Typography>
            <LinearProgress variant="determinate" value={percent} aria-label={`Uploading ${upload.name}`} />
          </Box>
        );
      })}
    </Box>
  );
}
