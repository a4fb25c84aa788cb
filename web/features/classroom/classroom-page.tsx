import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/page-header.tsx';

export function ClassroomPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader
        title="Classroom"
        guideAnchor="classroom"
        subtitle="Courses: paths of lessons made of text, cards and quizzes."
      />
      <Typography variant="h2" sx={{ mb: 2 }}>
        Courses
      </Typography>
      <Card variant="outlined">
        <CardActionArea component={RouterLink} to="/classroom/classes/modern-recommendation-systems">
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom>
              Modern recommendation systems
            </Typography>
            <Typography variant="body2" color="text.secondary">
              How today's recommenders find, score and rank what people see, taught on the recommender behind
              CARD WEB's own Explore feed.
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
    </Box>
  );
}
