import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { classViewPath, courseEditorPath } from '../../lib/classroom-paths.ts';

/** On the page of a course the person teaches: its editor and its class view. */
export function TeachingActions({ slug }: { slug: string }) {
  return (
    <>
      <Button variant="outlined" component={RouterLink} to={courseEditorPath(slug)} sx={{ minHeight: 44 }}>
        Edit course
      </Button>
      <Button component={RouterLink} to={classViewPath(slug)} sx={{ minHeight: 44 }}>
        Class
      </Button>
    </>
  );
}
