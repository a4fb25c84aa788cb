import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header.tsx';
import { courses } from '../../lib/courses.ts';

export function ClassroomPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader
        title="Classroom"
        guideAnchor="classroom"
        subtitle="Courses: paths of lessons made of text, cards and quizzes."
      />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Courses
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {courses.map((course) => (
          <li key={course.path}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={course.path}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {course.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {course.summary}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}
