import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SectionIntro } from '../../components/section-intro.tsx';

export function ClassroomPage() {
  return (
    <SectionIntro
      title="Classroom"
      guideAnchor="classroom"
      description="The classroom holds courses. Each course is a path of lessons made of text, cards and quizzes. Enrol to keep your place and see your progress, check which courses a lesson builds on, and send a course's cards to Play to remember what you learned."
    >
      <Typography variant="h5" component="h2" sx={{ mt: 5, mb: 2, fontWeight: 600 }}>
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
    </SectionIntro>
  );
}
