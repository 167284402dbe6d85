<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Diagnostic</name>
    <message>
        <source>cannot open file for reading</source>
        <translation>cannot open file for reading</translation>
    </message>
    <message>
        <source>invalid JSON at line %1, column %2</source>
        <translation>invalid JSON at line %1, column %2</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>invalid JSON: %1</translation>
    </message>
    <message>
        <source>duplicate key (each key may appear once per object)</source>
        <translation>duplicate key (each key may appear once per object)</translation>
    </message>
    <message>
        <source>the document must be a JSON object</source>
        <translation>the document must be a JSON object</translation>
    </message>
    <message>
        <source>must be &quot;%1&quot; (got &quot;%2&quot;)</source>
        <translation>must be &quot;%1&quot; (got &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>unsupported version %1 (this program reads version 1)</source>
        <translation>unsupported version %1 (this program reads version 1)</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; (expected one of: %2)</source>
        <translation>unknown key &quot;%1&quot; (expected one of: %2)</translation>
    </message>
    <message>
        <source>missing required number</source>
        <translation>missing required number</translation>
    </message>
    <message>
        <source>missing required 3-vector</source>
        <translation>missing required 3-vector</translation>
    </message>
    <message>
        <source>missing required string</source>
        <translation>missing required string</translation>
    </message>
    <message>
        <source>missing required object</source>
        <translation>missing required object</translation>
    </message>
    <message>
        <source>missing required inertia tensor</source>
        <translation>missing required inertia tensor</translation>
    </message>
    <message>
        <source>must be a number (got %1)</source>
        <translation>must be a number (got %1)</translation>
    </message>
    <message>
        <source>must be finite</source>
        <translation>must be finite</translation>
    </message>
    <message>
        <source>must be an array of 3 numbers</source>
        <translation>must be an array of 3 numbers</translation>
    </message>
    <message>
        <source>must be a 3x3 array of rows</source>
        <translation>must be a 3x3 array of rows</translation>
    </message>
    <message>
        <source>must be a row of 3 numbers</source>
        <translation>must be a row of 3 numbers</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>must be a string</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>must be an object</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>must be true or false</translation>
    </message>
    <message>
        <source>must be positive</source>
        <translation>must be positive</translation>
    </message>
    <message>
        <source>must be non-negative</source>
        <translation>must be non-negative</translation>
    </message>
    <message>
        <source>must be non-negative (got %1)</source>
        <translation>must be non-negative (got %1)</translation>
    </message>
    <message>
        <source>must be non-zero</source>
        <translation>must be non-zero</translation>
    </message>
    <message>
        <source>must be a positive integer</source>
        <translation>must be a positive integer</translation>
    </message>
    <message>
        <source>must be a unit vector (norm %1)</source>
        <translation>must be a unit vector (norm %1)</translation>
    </message>
    <message>
        <source>must be a rotation matrix (orthonormal, determinant +1)</source>
        <translation>must be a rotation matrix (orthonormal, determinant +1)</translation>
    </message>
    <message>
        <source>must be finite numbers</source>
        <translation>must be finite numbers</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>must be a finite number</translation>
    </message>
    <message>
        <source>must be a finite number (got &quot;%1&quot;)</source>
        <translation>must be a finite number (got &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>must be three finite numbers</source>
        <translation>must be three finite numbers</translation>
    </message>
    <message>
        <source>inertia tensor must be symmetric</source>
        <translation>inertia tensor must be symmetric</translation>
    </message>
    <message>
        <source>inertia tensor must be positive semi-definite (smallest principal moment %1)</source>
        <translation>inertia tensor must be positive semi-definite (smallest principal moment %1)</translation>
    </message>
    <message>
        <source>principal moments %1, %2, %3 violate the triangle inequality (not a physical rigid body); loaded as given</source>
        <translation>principal moments %1, %2, %3 violate the triangle inequality (not a physical rigid body); loaded as given</translation>
    </message>
    <message>
        <source>friction coefficients must be non-negative</source>
        <translation>friction coefficients must be non-negative</translation>
    </message>
    <message>
        <source>must be &quot;revolute&quot; or &quot;prismatic&quot; (got &quot;%1&quot;)</source>
        <translation>must be &quot;revolute&quot; or &quot;prismatic&quot; (got &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>give either &quot;rpy&quot; or &quot;P&quot;, not both</source>
        <translation>give either &quot;rpy&quot; or &quot;P&quot;, not both</translation>
    </message>
    <message>
        <source>lower limit is greater than upper limit</source>
        <translation>lower limit is greater than upper limit</translation>
    </message>
    <message>
        <source>massless link with non-zero inertia (accepted; its inertia still acts)</source>
        <translation>massless link with non-zero inertia (accepted; its inertia still acts)</translation>
    </message>
    <message>
        <source>must be &quot;box&quot;, &quot;cylinder&quot;, &quot;sphere&quot; or &quot;mesh&quot;</source>
        <translation>must be &quot;box&quot;, &quot;cylinder&quot;, &quot;sphere&quot; or &quot;mesh&quot;</translation>
    </message>
    <message>
        <source>must be &quot;dh&quot;, &quot;mdh&quot; or &quot;general&quot; (got &quot;%1&quot;)</source>
        <translation>must be &quot;dh&quot;, &quot;mdh&quot; or &quot;general&quot; (got &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>must be &quot;rad&quot; or &quot;deg&quot;</source>
        <translation>must be &quot;rad&quot; or &quot;deg&quot;</translation>
    </message>
    <message>
        <source>must be &quot;armature&quot; or &quot;full&quot;</source>
        <translation>must be &quot;armature&quot; or &quot;full&quot;</translation>
    </message>
    <message>
        <source>must be a non-empty array of joints</source>
        <translation>must be a non-empty array of joints</translation>
    </message>
    <message>
        <source>at most 64 joints are supported</source>
        <translation>at most 64 joints are supported</translation>
    </message>
    <message>
        <source>at most 64 moving joints are supported</source>
        <translation>at most 64 moving joints are supported</translation>
    </message>
    <message>
        <source>must be an array of %1 numbers (one per joint)</source>
        <translation>must be an array of %1 numbers (one per joint)</translation>
    </message>
    <message>
        <source>home position is outside the joint limits</source>
        <translation>home position is outside the joint limits</translation>
    </message>
    <message>
        <source>with the full rotor model the link inertia should include the rotor of joint %1 as a locked part (Llibre, Mampey &amp; Chrétien 1983: J&apos; = J - J_m); here J - J_m has a negative principal moment (%2)</source>
        <translation>with the full rotor model the link inertia should include the rotor of joint %1 as a locked part (Llibre, Mampey &amp; Chrétien 1983: J&apos; = J - J_m); here J - J_m has a negative principal moment (%2)</translation>
    </message>
    <message>
        <source>the mass matrix is singular or near-singular at the home pose (no inertia moves with joint %1 independently of the joints before it): give this link (or the links after it) mass/inertia, or a rotor inertia</source>
        <translation>the mass matrix is singular or near-singular at the home pose (no inertia moves with joint %1 independently of the joints before it): give this link (or the links after it) mass/inertia, or a rotor inertia</translation>
    </message>
    <message>
        <source>not well-formed XML at line %1, column %2: %3 (file rejected before it reaches the URDF parser)</source>
        <translation>not well-formed XML at line %1, column %2: %3 (file rejected before it reaches the URDF parser)</translation>
    </message>
    <message>
        <source>URDF: %1</source>
        <translation>URDF: %1</translation>
    </message>
    <message>
        <source>not a valid URDF document</source>
        <translation>not a valid URDF document</translation>
    </message>
    <message>
        <source>the URDF has no root link</source>
        <translation>the URDF has no root link</translation>
    </message>
    <message>
        <source>joint &quot;%1&quot; connects link &quot;%2&quot; to itself</source>
        <translation>joint &quot;%1&quot; connects link &quot;%2&quot; to itself</translation>
    </message>
    <message>
        <source>link &quot;%1&quot; has two parent joints (&quot;%2&quot; and &quot;%3&quot;): URDF describes trees</source>
        <translation>link &quot;%1&quot; has two parent joints (&quot;%2&quot; and &quot;%3&quot;): URDF describes trees</translation>
    </message>
    <message>
        <source>the joints form a closed loop through link &quot;%1&quot;: URDF describes trees</source>
        <translation>the joints form a closed loop through link &quot;%1&quot;: URDF describes trees</translation>
    </message>
    <message>
        <source>the joint axis must be a non-zero finite vector</source>
        <translation>the joint axis must be a non-zero finite vector</translation>
    </message>
    <message>
        <source>limits must be finite numbers</source>
        <translation>limits must be finite numbers</translation>
    </message>
    <message>
        <source>the mechanical reduction (gear ratio) must be non-zero</source>
        <translation>the mechanical reduction (gear ratio) must be non-zero</translation>
    </message>
    <message>
        <source>the rotor inertia must be non-negative</source>
        <translation>the rotor inertia must be non-negative</translation>
    </message>
    <message>
        <source>the transverse rotor inertia must be non-negative</source>
        <translation>the transverse rotor inertia must be non-negative</translation>
    </message>
    <message>
        <source>mass and inertia must be finite numbers</source>
        <translation>mass and inertia must be finite numbers</translation>
    </message>
    <message>
        <source>lower = upper = 0 (URDF&apos;s default when the attributes are missing): the joint is outside its limits as soon as it moves</source>
        <translation>lower = upper = 0 (URDF&apos;s default when the attributes are missing): the joint is outside its limits as soon as it moves</translation>
    </message>
    <message>
        <source>not positive: no velocity limit</source>
        <translation>not positive: no velocity limit</translation>
    </message>
    <message>
        <source>not positive: no effort limit</source>
        <translation>not positive: no effort limit</translation>
    </message>
    <message>
        <source>damping and friction must be finite and non-negative</source>
        <translation>damping and friction must be finite and non-negative</translation>
    </message>
    <message>
        <source>the robot file &quot;%1&quot; is invalid:</source>
        <translation>the robot file &quot;%1&quot; is invalid:</translation>
    </message>
    <message>
        <source>must be &quot;serial&quot; or absent for a serial scene (got &quot;%1&quot;)</source>
        <translation>must be &quot;serial&quot; or absent for a serial scene (got &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>unknown trajectory type &quot;%1&quot; (quintic, trapezoidal, via_points, fourier, cartesian_line, umis_thesis_line, hold)</source>
        <translation>unknown trajectory type &quot;%1&quot; (quintic, trapezoidal, via_points, fourier, cartesian_line, umis_thesis_line, hold)</translation>
    </message>
    <message>
        <source>must be &quot;pid&quot;, &quot;pd_gravity&quot;, &quot;computed_torque&quot;, &quot;operational_space&quot; or &quot;zero&quot; (got &quot;%1&quot;)</source>
        <translation>must be &quot;pid&quot;, &quot;pd_gravity&quot;, &quot;computed_torque&quot;, &quot;operational_space&quot; or &quot;zero&quot; (got &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>duplicate controller name &quot;%1&quot;</source>
        <translation>duplicate controller name &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be a non-empty array of controllers</source>
        <translation>must be a non-empty array of controllers</translation>
    </message>
    <message>
        <source>shorter than the trajectory (%1 s): the run stops mid-motion</source>
        <translation>shorter than the trajectory (%1 s): the run stops mid-motion</translation>
    </message>
    <message>
        <source>must be at most 24 h of simulated time</source>
        <translation>must be at most 24 h of simulated time</translation>
    </message>
    <message>
        <source>must be an array of at least 2 joint vectors</source>
        <translation>must be an array of at least 2 joint vectors</translation>
    </message>
    <message>
        <source>must be an array with one time per point</source>
        <translation>must be an array with one time per point</translation>
    </message>
    <message>
        <source>must have %1 values (one per joint), got %2</source>
        <translation>must have %1 values (one per joint), got %2</translation>
    </message>
    <message>
        <source>must be a number or an array of %1 numbers</source>
        <translation>must be a number or an array of %1 numbers</translation>
    </message>
    <message>
        <source>missing required value (a number or an array of %1)</source>
        <translation>missing required value (a number or an array of %1)</translation>
    </message>
    <message>
        <source>must be non-negative (joint %1: %2)</source>
        <translation>must be non-negative (joint %1: %2)</translation>
    </message>
    <message>
        <source>plant_hz must be a whole multiple of control_hz (got %1 / %2)</source>
        <translation>plant_hz must be a whole multiple of control_hz (got %1 / %2)</translation>
    </message>
    <message>
        <source>must be &quot;euler&quot;, &quot;rk4&quot; or &quot;dopri5&quot;</source>
        <translation>must be &quot;euler&quot;, &quot;rk4&quot; or &quot;dopri5&quot;</translation>
    </message>
    <message>
        <source>must be an array of channel groups</source>
        <translation>must be an array of channel groups</translation>
    </message>
    <message>
        <source>unknown channel group (reference, state, error, torque, friction, end_effector, energy, timing)</source>
        <translation>unknown channel group (reference, state, error, torque, friction, end_effector, energy, timing)</translation>
    </message>
    <message>
        <source>must be &quot;sim&quot; or &quot;ethercat&quot;</source>
        <translation>must be &quot;sim&quot; or &quot;ethercat&quot;</translation>
    </message>
    <message>
        <source>joint %1</source>
        <translation>joint %1</translation>
    </message>
    <message>
        <source>joint %1 (%2)</source>
        <translation>joint %1 (%2)</translation>
    </message>
    <message>
        <source>%1 position</source>
        <translation>%1 position</translation>
    </message>
    <message>
        <source>%1 velocity</source>
        <translation>%1 velocity</translation>
    </message>
    <message>
        <source>t = %1 s: the simulation diverged: %2 is not finite</source>
        <translation>t = %1 s: the simulation diverged: %2 is not finite</translation>
    </message>
    <message>
        <source>t = %1 s: the simulation diverged: %2 reached %3, beyond %4 (energy blow-up; reduce the step or check the gains)</source>
        <translation>t = %1 s: the simulation diverged: %2 reached %3, beyond %4 (energy blow-up; reduce the step or check the gains)</translation>
    </message>
    <message>
        <source>t = %1 s: %2; the simulation stopped</source>
        <translation>t = %1 s: %2; the simulation stopped</translation>
    </message>
    <message>
        <source>the mass matrix became singular at %1</source>
        <translation>the mass matrix became singular at %1</translation>
    </message>
    <message>
        <source>the step fell to %1 s</source>
        <translation>the step fell to %1 s</translation>
    </message>
    <message>
        <source>%1 steps rejected in a row, the last of %2 s</source>
        <translation>%1 steps rejected in a row, the last of %2 s</translation>
    </message>
    <message>
        <source>%1 steps in one tick of %2 s, the last of %3 s</source>
        <translation>%1 steps in one tick of %2 s, the last of %3 s</translation>
    </message>
    <message>
        <source>t = %1 s: the adaptive stepper stalled (%2): the dynamics are discontinuous there, usually through Coulomb friction&apos;s sign at zero velocity; set a coulomb_smoothing velocity</source>
        <translation>t = %1 s: the adaptive stepper stalled (%2): the dynamics are discontinuous there, usually through Coulomb friction&apos;s sign at zero velocity; set a coulomb_smoothing velocity</translation>
    </message>
    <message>
        <source>t = %1 s: the adaptive stepper stalled (%2; the largest error is on %3): the dynamics are discontinuous there, usually through Coulomb friction&apos;s sign at zero velocity; set a coulomb_smoothing velocity</source>
        <translation>t = %1 s: the adaptive stepper stalled (%2; the largest error is on %3): the dynamics are discontinuous there, usually through Coulomb friction&apos;s sign at zero velocity; set a coulomb_smoothing velocity</translation>
    </message>
    <message>
        <source>t = %1 s: energy blow-up: the total energy departs from its initial value plus the actuator work by %2 J; the integration diverged (reduce the step)</source>
        <translation>t = %1 s: energy blow-up: the total energy departs from its initial value plus the actuator work by %2 J; the integration diverged (reduce the step)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2 (%3 deg)</source>
        <translation>%1 %2 (%3 deg)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its upper position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</source>
        <translation>t = %1 s: %2 passes its upper position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its lower position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</source>
        <translation>t = %1 s: %2 passes its lower position limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its velocity limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</source>
        <translation>t = %1 s: %2 passes its velocity limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its acceleration limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</source>
        <translation>t = %1 s: %2 passes its acceleration limit %3 by %4: peak %5 at t = %6 s, back within the limit at t = %7 s</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its effort limit %3 by %4: peak %5 at t = %6 s (inverse dynamics along the desired trajectory), back within the limit at t = %7 s</source>
        <translation>t = %1 s: %2 passes its effort limit %3 by %4: peak %5 at t = %6 s (inverse dynamics along the desired trajectory), back within the limit at t = %7 s</translation>
    </message>
    <message>
        <source>%1:%2: error: %3</source>
        <translation>%1:%2: error: %3</translation>
    </message>
    <message>
        <source>%1:%2: warning: %3</source>
        <translation>%1:%2: warning: %3</translation>
    </message>
    <message>
        <source>the straight line leaves the reach of the robot at t = %1 s</source>
        <translation>the straight line leaves the reach of the robot at t = %1 s</translation>
    </message>
    <message>
        <source>the straight line: the numeric inverse kinematics did not converge at t = %1 s (position error %2 m)</source>
        <translation>the straight line: the numeric inverse kinematics did not converge at t = %1 s (position error %2 m)</translation>
    </message>
    <message>
        <source>the straight line: the inverse kinematics solution misses the pose at t = %1 s (forward kinematics error %2 m, %3 rad; does the UMIS geometry match the model?)</source>
        <translation>the straight line: the inverse kinematics solution misses the pose at t = %1 s (forward kinematics error %2 m, %3 rad; does the UMIS geometry match the model?)</translation>
    </message>
    <message>
        <source>the straight line meets a singular Jacobian at t = %1 s (smallest singular value %2 &lt; %3)</source>
        <translation>the straight line meets a singular Jacobian at t = %1 s (smallest singular value %2 &lt; %3)</translation>
    </message>
    <message>
        <source>umis_thesis_line needs the UMIS robot (its DH structure was not found)</source>
        <translation>umis_thesis_line needs the UMIS robot (its DH structure was not found)</translation>
    </message>
    <message>
        <source>&quot;ik&quot;: &quot;umis&quot; needs the UMIS robot structure</source>
        <translation>&quot;ik&quot;: &quot;umis&quot; needs the UMIS robot structure</translation>
    </message>
    <message>
        <source>cannot save the scene &apos;%1&apos;: %2</source>
        <translation>cannot save the scene &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>cannot save the scene &apos;%1&apos;: it would not read back:
%2</source>
        <translation>cannot save the scene &apos;%1&apos;: it would not read back:
%2</translation>
    </message>
    <message>
        <source>give either &quot;design&quot; or explicit &quot;kp&quot;/&quot;kv&quot;, not both</source>
        <translation>give either &quot;design&quot; or explicit &quot;kp&quot;/&quot;kv&quot;, not both</translation>
    </message>
    <message>
        <source>must be in [0, 100)</source>
        <translation>must be in [0, 100)</translation>
    </message>
    <message>
        <source>must be &quot;none&quot;, &quot;coulomb&quot; or &quot;full&quot;</source>
        <translation>must be &quot;none&quot;, &quot;coulomb&quot; or &quot;full&quot;</translation>
    </message>
    <message>
        <source>missing required gain (a number or an array of 6, one per Cartesian axis phi theta psi X Y Z)</source>
        <translation>missing required gain (a number or an array of 6, one per Cartesian axis phi theta psi X Y Z)</translation>
    </message>
    <message>
        <source>must have 6 values (one per Cartesian axis phi theta psi X Y Z), got %1</source>
        <translation>must have 6 values (one per Cartesian axis phi theta psi X Y Z), got %1</translation>
    </message>
    <message>
        <source>must be a number or an array of 6 numbers (one per Cartesian axis phi theta psi X Y Z)</source>
        <translation>must be a number or an array of 6 numbers (one per Cartesian axis phi theta psi X Y Z)</translation>
    </message>
    <message>
        <source>&quot;operational_space&quot; needs a robot with 6 joints (square Jacobian); &quot;%1&quot; has %2</source>
        <translation>&quot;operational_space&quot; needs a robot with 6 joints (square Jacobian); &quot;%1&quot; has %2</translation>
    </message>
    <message>
        <source>must be positive (smallest singular value of J where damping starts)</source>
        <translation>must be positive (smallest singular value of J where damping starts)</translation>
    </message>
    <message>
        <source>must be non-negative (0 = no damping: the exact inverse everywhere)</source>
        <translation>must be non-negative (0 = no damping: the exact inverse everywhere)</translation>
    </message>
    <message>
        <source>must be &quot;limits&quot;, a number or an array</source>
        <translation>must be &quot;limits&quot;, a number or an array</translation>
    </message>
    <message>
        <source>must be &quot;clamping&quot;, &quot;back_calculation&quot;, &quot;both&quot; or &quot;none&quot;</source>
        <translation>must be &quot;clamping&quot;, &quot;back_calculation&quot;, &quot;both&quot; or &quot;none&quot;</translation>
    </message>
    <message>
        <source>back-calculation anti-windup needs a tracking time</source>
        <translation>back-calculation anti-windup needs a tracking time</translation>
    </message>
    <message>
        <source>must be an array of %1 coefficient arrays (one per joint)</source>
        <translation>must be an array of %1 coefficient arrays (one per joint)</translation>
    </message>
    <message>
        <source>must be &quot;auto&quot;, &quot;umis&quot; or &quot;numeric&quot;</source>
        <translation>must be &quot;auto&quot;, &quot;umis&quot; or &quot;numeric&quot;</translation>
    </message>
    <message>
        <source>must be in [0, 62] (0 = no quantisation)</source>
        <translation>must be in [0, 62] (0 = no quantisation)</translation>
    </message>
    <message>
        <source>must be &quot;true&quot; or &quot;difference&quot; (Zanaboni 2009 estimator)</source>
        <translation>must be &quot;true&quot; or &quot;difference&quot; (Zanaboni 2009 estimator)</translation>
    </message>
    <message>
        <source>must be in [0, 10000] ms (0: the master&apos;s default)</source>
        <translation>must be in [0, 10000] ms (0: the master&apos;s default)</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0: the master&apos;s default)</source>
        <translation>must be &gt;= 0 (0: the master&apos;s default)</translation>
    </message>
    <message>
        <source>must be between %1 and %2 in magnitude, as a real gear train (got %3)</source>
        <translation>must be between %1 and %2 in magnitude, as a real gear train (got %3)</translation>
    </message>
    <message>
        <source>%1 s at these rates is %2 control periods and %3 plant steps of %4 joints: beyond the %5 control periods x joints (the recorded trace) or %6 plant steps x joints (the computation) a run may take; lower the duration or the rates</source>
        <translation>%1 s at these rates is %2 control periods and %3 plant steps of %4 joints: beyond the %5 control periods x joints (the recorded trace) or %6 plant steps x joints (the computation) a run may take; lower the duration or the rates</translation>
    </message>
    <message>
        <source>must be later than the previous time (%1 s)</source>
        <translation>must be later than the previous time (%1 s)</translation>
    </message>
    <message>
        <source>the number %1 at line %2, column %3 is beyond the range of a double</source>
        <translation>the number %1 at line %2, column %3 is beyond the range of a double</translation>
    </message>
    <message>
        <source>the document cannot be read as JSON</source>
        <translation>the document cannot be read as JSON</translation>
    </message>
    <message>
        <source>must be between %1 and %2 %3 (got %4)</source>
        <translation>must be between %1 and %2 %3 (got %4)</translation>
    </message>
    <message>
        <source>must be between %1 and %2 (got %3)</source>
        <translation>must be between %1 and %2 (got %3)</translation>
    </message>
    <message>
        <source>must be positive (half the bar spacing)</source>
        <translation>must be positive (half the bar spacing)</translation>
    </message>
    <message>
        <source>must be positive (bar length)</source>
        <translation>must be positive (bar length)</translation>
    </message>
    <message>
        <source>missing required body %1 (bodies 1, 2, 3, 4, 5, 7)</source>
        <translation>missing required body %1 (bodies 1, 2, 3, 4, 5, 7)</translation>
    </message>
    <message>
        <source>must be an object (free text per value)</source>
        <translation>must be an object (free text per value)</translation>
    </message>
    <message>
        <source>must be an array of exactly 3 chains (actuators along z, x, y of R_0)</source>
        <translation>must be an array of exactly 3 chains (actuators along z, x, y of R_0)</translation>
    </message>
    <message>
        <source>home position %1 is out of reach: %2</source>
        <translation>home position %1 is out of reach: %2</translation>
    </message>
    <message>
        <source>actuator %1 is outside its stroke at the home position (q = %2 m)</source>
        <translation>actuator %1 is outside its stroke at the home position (q = %2 m)</translation>
    </message>
    <message>
        <source>workspace point %1 is out of reach: %2</source>
        <translation>workspace point %1 is out of reach: %2</translation>
    </message>
    <message>
        <source>the stroke does not cover workspace point %1 (q = %2 m)</source>
        <translation>the stroke does not cover workspace point %1 (q = %2 m)</translation>
    </message>
    <message>
        <source>the robot&apos;s inertia matrix at the home position is singular: %1</source>
        <translation>the robot&apos;s inertia matrix at the home position is singular: %1</translation>
    </message>
    <message>
        <source>platform position is not finite</source>
        <translation>platform position is not finite</translation>
    </message>
    <message>
        <source>chain %1: platform point out of reach (the leg of length %2 m cannot span the transverse offset %3 m)</source>
        <translation>chain %1: platform point out of reach (the leg of length %2 m cannot span the transverse offset %3 m)</translation>
    </message>
    <message>
        <source>platform velocity or actuator forces are not finite</source>
        <translation>platform velocity or actuator forces are not finite</translation>
    </message>
    <message>
        <source>direct dynamic model: A_robot is not positive definite (check the masses)</source>
        <translation>direct dynamic model: A_robot is not positive definite (check the masses)</translation>
    </message>
    <message>
        <source>direct dynamic model: non-finite platform acceleration</source>
        <translation>direct dynamic model: non-finite platform acceleration</translation>
    </message>
    <message>
        <source>a locked position is stated for joint &quot;%1&quot;, which is not a joint of this URDF</source>
        <translation>a locked position is stated for joint &quot;%1&quot;, which is not a joint of this URDF</translation>
    </message>
    <message>
        <source>joint &quot;%1&quot; is fixed: it has no position to lock</source>
        <translation>joint &quot;%1&quot; is fixed: it has no position to lock</translation>
    </message>
    <message>
        <source>the stated locked position of joint &quot;%1&quot; must be a finite number</source>
        <translation>the stated locked position of joint &quot;%1&quot; must be a finite number</translation>
    </message>
    <message>
        <source>the robot is a tree: the chain branches below link %1 (joints %2 all move below this body); simulate the whole tree (maniplab-cli: --tree) or choose the chain to simulate by its tip link (maniplab-cli: --tip LINK); the GUI asks. Candidate tips (moving joints from the root link &quot;%3&quot;): %4. Any other link is accepted as a tip; the moving joints off the chain are locked (at zero, or --lock JOINT=VALUE) and their links lumped into the chain</source>
        <translation>the robot is a tree: the chain branches below link %1 (joints %2 all move below this body); simulate the whole tree (maniplab-cli: --tree) or choose the chain to simulate by its tip link (maniplab-cli: --tip LINK); the GUI asks. Candidate tips (moving joints from the root link &quot;%3&quot;): %4. Any other link is accepted as a tip; the moving joints off the chain are locked (at zero, or --lock JOINT=VALUE) and their links lumped into the chain</translation>
    </message>
    <message>
        <source>the tip &quot;%1&quot; is not a link of this URDF; candidate tips (moving joints from the root link &quot;%2&quot;): %3</source>
        <translation>the tip &quot;%1&quot; is not a link of this URDF; candidate tips (moving joints from the root link &quot;%2&quot;): %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>%1 (%2 joints)</source>
        <translation>%1 (%2 joints)</translation>
    </message>
    <message>
        <source>%1 (1 joint)</source>
        <translation>%1 (1 joint)</translation>
    </message>
    <message>
        <source>%1 (%2 joints; mimic %3 locked)</source>
        <translation>%1 (%2 joints; mimic %3 locked)</translation>
    </message>
    <message>
        <source>%1 (1 joint; mimic %2 locked)</source>
        <translation>%1 (1 joint; mimic %2 locked)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>floating joint &quot;%1&quot; is not supported on the chain (ManipLab simulates fixed-base serial chains; choose a tip before it or lock it)</source>
        <translation>floating joint &quot;%1&quot; is not supported on the chain (ManipLab simulates fixed-base serial chains; choose a tip before it or lock it)</translation>
    </message>
    <message>
        <source>planar joint &quot;%1&quot; is not supported on the chain (only revolute, continuous, prismatic and fixed joints; choose a tip before it or lock it)</source>
        <translation>planar joint &quot;%1&quot; is not supported on the chain (only revolute, continuous, prismatic and fixed joints; choose a tip before it or lock it)</translation>
    </message>
    <message>
        <source>joint &quot;%1&quot; has an unknown type</source>
        <translation>joint &quot;%1&quot; has an unknown type</translation>
    </message>
    <message>
        <source>the mimic joints form a cycle through joint &quot;%1&quot;</source>
        <translation>the mimic joints form a cycle through joint &quot;%1&quot;</translation>
    </message>
    <message>
        <source>mimic joint &quot;%1&quot; follows joint &quot;%2&quot;, which is not a joint of this URDF</source>
        <translation>mimic joint &quot;%1&quot; follows joint &quot;%2&quot;, which is not a joint of this URDF</translation>
    </message>
    <message>
        <source>multiplier and offset must be finite numbers</source>
        <translation>multiplier and offset must be finite numbers</translation>
    </message>
    <message>
        <source>only simple transmissions (one joint) are read; this one is ignored</source>
        <translation>only simple transmissions (one joint) are read; this one is ignored</translation>
    </message>
    <message>
        <source>size must be finite</source>
        <translation>size must be finite</translation>
    </message>
    <message>
        <source>radius must be finite</source>
        <translation>radius must be finite</translation>
    </message>
    <message>
        <source>mesh &quot;%1&quot; not found (package:// URIs are searched in the package paths, $ROS_PACKAGE_PATH and the URDF file&apos;s ancestor directories); the default link geometry is drawn</source>
        <translation>mesh &quot;%1&quot; not found (package:// URIs are searched in the package paths, $ROS_PACKAGE_PATH and the URDF file&apos;s ancestor directories); the default link geometry is drawn</translation>
    </message>
    <message>
        <source>the root link is the fixed base: its inertial is ignored</source>
        <translation>the root link is the fixed base: its inertial is ignored</translation>
    </message>
    <message>
        <source>a chain tip, the whole tree or locked joint positions apply to URDF files only (this is a ManipLab robot file)</source>
        <translation>a chain tip, the whole tree or locked joint positions apply to URDF files only (this is a ManipLab robot file)</translation>
    </message>
    <message>
        <source>joint &quot;%1&quot; (%2) is %3; %4</source>
        <translation>joint &quot;%1&quot; (%2) is %3; %4</translation>
    </message>
    <message>
        <source>%1, on %2</source>
        <translation>%1, on %2</translation>
    </message>
    <message>
        <source>%1, off %2</source>
        <translation>%1, off %2</translation>
    </message>
    <message>
        <source>the chain</source>
        <translation>the chain</translation>
    </message>
    <message>
        <source>the chain to &quot;%1&quot;</source>
        <translation>the chain to &quot;%1&quot;</translation>
    </message>
    <message>
        <source>locked at its origin (zero displacement)</source>
        <translation>locked at its origin (zero displacement)</translation>
    </message>
    <message>
        <source>locked at %1 %2 (%3)</source>
        <translation>locked at %1 %2 (%3)</translation>
    </message>
    <message>
        <source>stated position</source>
        <translation>stated position</translation>
    </message>
    <message>
        <source>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3</source>
        <translation>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3</translation>
    </message>
    <message>
        <source>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3, with &quot;%1&quot; (or the joint it follows) at its home position; that joint moves on the chain but a chain of independent joints cannot represent the coupling, so these links do not follow it</source>
        <translation>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3, with &quot;%1&quot; (or the joint it follows) at its home position; that joint moves on the chain but a chain of independent joints cannot represent the coupling, so these links do not follow it</translation>
    </message>
    <message>
        <source>its &lt;maniplab:joint home&gt;; --lock %1=VALUE states another</source>
        <translation>its &lt;maniplab:joint home&gt;; --lock %1=VALUE states another</translation>
    </message>
    <message>
        <source>default: zero; --lock %1=VALUE states another</source>
        <translation>default: zero; --lock %1=VALUE states another</translation>
    </message>
    <message>
        <source>link %1 is lumped into %2</source>
        <translation>link %1 is lumped into %2</translation>
    </message>
    <message>
        <source>links %1 are lumped into %2</source>
        <translation>links %1 are lumped into %2</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 and %2 more</translation>
    </message>
    <message>
        <source>the fixed base (link &quot;%1&quot;): they do not enter the dynamics</source>
        <translation>the fixed base (link &quot;%1&quot;): they do not enter the dynamics</translation>
    </message>
    <message>
        <source>the body of joint &quot;%1&quot; (link &quot;%2&quot;): masses, centres of mass and inertias combined exactly</source>
        <translation>the body of joint &quot;%1&quot; (link &quot;%2&quot;): masses, centres of mass and inertias combined exactly</translation>
    </message>
    <message>
        <source>the trajectory cannot be built from these values</source>
        <translation>the trajectory cannot be built from these values</translation>
    </message>
    <message>
        <source>this is a URDF robot file, not a scene: `maniplab-cli check %1` reads it, and a scene names it in its &quot;robot&quot;</source>
        <translation>this is a URDF robot file, not a scene: `maniplab-cli check %1` reads it, and a scene names it in its &quot;robot&quot;</translation>
    </message>
    <message>
        <source>this is a robot file (%1), not a scene: `maniplab-cli %2 %3` reads it, and a scene names it in its &quot;robot&quot;</source>
        <translation>this is a robot file (%1), not a scene: `maniplab-cli %2 %3` reads it, and a scene names it in its &quot;robot&quot;</translation>
    </message>
    <message>
        <source>unknown scene kind &quot;%1&quot; (this program reads: %2)</source>
        <translation>unknown scene kind &quot;%1&quot; (this program reads: %2)</translation>
    </message>
    <message>
        <source>this is not a ManipLab scene (%1): a scene has &quot;format&quot;: &quot;maniplab-scene&quot; and one of the kinds %2</source>
        <translation>this is not a ManipLab scene (%1): a scene has &quot;format&quot;: &quot;maniplab-scene&quot; and one of the kinds %2</translation>
    </message>
    <message>
        <source>this is a &quot;%1&quot; scene, not a &quot;%2&quot; scene: `maniplab-cli run %3` runs it (or `compare`)</source>
        <translation>this is a &quot;%1&quot; scene, not a &quot;%2&quot; scene: `maniplab-cli run %3` runs it (or `compare`)</translation>
    </message>
    <message>
        <source>this is not a serial robot file (%1)</source>
        <translation>this is not a serial robot file (%1)</translation>
    </message>
    <message>
        <source>the Orthoglide robot file %1 is invalid (see above)</source>
        <translation>the Orthoglide robot file %1 is invalid (see above)</translation>
    </message>
    <message>
        <source>must be &quot;clamping&quot; or &quot;none&quot;</source>
        <translation>must be &quot;clamping&quot; or &quot;none&quot;</translation>
    </message>
    <message>
        <source>must be &quot;pid&quot;, &quot;computed_torque&quot; or &quot;zero&quot; (got &quot;%1&quot;)</source>
        <translation>must be &quot;pid&quot;, &quot;computed_torque&quot; or &quot;zero&quot; (got &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>must be &quot;cartesian_points&quot; (platform way-points in R_0)</source>
        <translation>must be &quot;cartesian_points&quot; (platform way-points in R_0)</translation>
    </message>
    <message>
        <source>must be an array of at least 2 points [x, y, z] (m, in R_0)</source>
        <translation>must be an array of at least 2 points [x, y, z] (m, in R_0)</translation>
    </message>
    <message>
        <source>out of reach: %1</source>
        <translation>out of reach: %1</translation>
    </message>
    <message>
        <source>must be an array of segment durations (s), one per segment</source>
        <translation>must be an array of segment durations (s), one per segment</translation>
    </message>
    <message>
        <source>needs one duration per segment (%1)</source>
        <translation>needs one duration per segment (%1)</translation>
    </message>
    <message>
        <source>at t = %1 s the platform point (%2, %3, %4) m is out of reach: %5</source>
        <translation>at t = %1 s the platform point (%2, %3, %4) m is out of reach: %5</translation>
    </message>
    <message>
        <source>missing required array of %1 numbers</source>
        <translation>missing required array of %1 numbers</translation>
    </message>
    <message>
        <source>must be an array of %1 numbers</source>
        <translation>must be an array of %1 numbers</translation>
    </message>
    <message>
        <source>the base inertia must be positive definite (smallest principal moment %1)</source>
        <translation>the base inertia must be positive definite (smallest principal moment %1)</translation>
    </message>
    <message>
        <source>the full rotor model is not supported on a floating base (use armature)</source>
        <translation>the full rotor model is not supported on a floating base (use armature)</translation>
    </message>
    <message>
        <source>must be &quot;floating_computed_torque&quot; (the reaction-aware computed torque)</source>
        <translation>must be &quot;floating_computed_torque&quot; (the reaction-aware computed torque)</translation>
    </message>
    <message>
        <source>must be &quot;aba&quot; or &quot;crba&quot;</source>
        <translation>must be &quot;aba&quot; or &quot;crba&quot;</translation>
    </message>
    <message>
        <source>must be zero (exact sign) or a positive velocity</source>
        <translation>must be zero (exact sign) or a positive velocity</translation>
    </message>
    <message>
        <source>must be a whole number of plant periods (%1 s)</source>
        <translation>must be a whole number of plant periods (%1 s)</translation>
    </message>
    <message>
        <source>locked at %1 %2, outside its limits [%3, %4]</source>
        <translation>locked at %1 %2, outside its limits [%3, %4]</translation>
    </message>
    <message>
        <source>no revolute, continuous or prismatic joint below the root link &quot;%1&quot;</source>
        <translation>no revolute, continuous or prismatic joint below the root link &quot;%1&quot;</translation>
    </message>
    <message>
        <source>no revolute, continuous or prismatic joint below the root link &quot;%1&quot; that is not locked</source>
        <translation>no revolute, continuous or prismatic joint below the root link &quot;%1&quot; that is not locked</translation>
    </message>
    <message>
        <source>no joint moves between the root link &quot;%1&quot; and the tip &quot;%2&quot; (locked and mimic joints do not count)</source>
        <translation>no joint moves between the root link &quot;%1&quot; and the tip &quot;%2&quot; (locked and mimic joints do not count)</translation>
    </message>
    <message>
        <source>box %1 x %2 x %3 m</source>
        <translation>box %1 x %2 x %3 m</translation>
    </message>
    <message>
        <source>cylinder r = %1 m, length %2 m</source>
        <translation>cylinder r = %1 m, length %2 m</translation>
    </message>
    <message>
        <source>sphere r = %1 m</source>
        <translation>sphere r = %1 m</translation>
    </message>
    <message>
        <source>proposed fix: add the link&apos;s real &lt;inertial&gt; (CAD data); as a stand-in, a solid aluminium %1 (axes of its geometry origin) is &lt;inertial&gt;&lt;mass value=&quot;%2&quot;/&gt;&lt;inertia ixx=&quot;%3&quot; iyy=&quot;%4&quot; izz=&quot;%5&quot; ixy=&quot;0&quot; ixz=&quot;0&quot; iyz=&quot;0&quot;/&gt;&lt;/inertial&gt;</source>
        <translation>proposed fix: add the link&apos;s real &lt;inertial&gt; (CAD data); as a stand-in, a solid aluminium %1 (axes of its geometry origin) is &lt;inertial&gt;&lt;mass value=&quot;%2&quot;/&gt;&lt;inertia ixx=&quot;%3&quot; iyy=&quot;%4&quot; izz=&quot;%5&quot; ixy=&quot;0&quot; ixz=&quot;0&quot; iyz=&quot;0&quot;/&gt;&lt;/inertial&gt;</translation>
    </message>
    <message>
        <source>proposed fix: add the link&apos;s real &lt;inertial&gt; (mass, &lt;origin&gt; of the centre of mass, inertia about it) from the CAD model, or compute it from the mesh volume and the material density</source>
        <translation>proposed fix: add the link&apos;s real &lt;inertial&gt; (mass, &lt;origin&gt; of the centre of mass, inertia about it) from the CAD model, or compute it from the mesh volume and the material density</translation>
    </message>
    <message>
        <source>link &quot;%1&quot; (moved by joint &quot;%2&quot;)</source>
        <translation>link &quot;%1&quot; (moved by joint &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>link &quot;%1&quot; (moved by joint &quot;%2&quot;; with the fixed and locked links %3)</source>
        <translation>link &quot;%1&quot; (moved by joint &quot;%2&quot;; with the fixed and locked links %3)</translation>
    </message>
    <message>
        <source>%1 is massless with a non-zero inertia (accepted; its inertia still acts)</source>
        <translation>%1 is massless with a non-zero inertia (accepted; its inertia still acts)</translation>
    </message>
    <message>
        <source>%1 has no inertial (missing or zero mass): it adds no inertia, so the mass matrix is singular unless the links after it move with this joint, and its dynamics are wrong; %2</source>
        <translation>%1 has no inertial (missing or zero mass): it adds no inertia, so the mass matrix is singular unless the links after it move with this joint, and its dynamics are wrong; %2</translation>
    </message>
    <message>
        <source>%1 has a zero inertia tensor (a point mass): the mass matrix is singular when its centre of mass lies on the joint axis; %2</source>
        <translation>%1 has a zero inertia tensor (a point mass): the mass matrix is singular when its centre of mass lies on the joint axis; %2</translation>
    </message>
    <message>
        <source>only the first visual of a body is drawn (%1 more ignored)</source>
        <translation>only the first visual of a body is drawn (%1 more ignored)</translation>
    </message>
    <message>
        <source>the mass matrix is singular at the home pose (no inertia moves with joint &quot;%1&quot; independently of the joints before it): give these links their &lt;inertial&gt; (see the warnings), or the joint a rotor inertia (&lt;transmission&gt; with &lt;maniplab:rotor_inertia&gt;)</source>
        <translation>the mass matrix is singular at the home pose (no inertia moves with joint &quot;%1&quot; independently of the joints before it): give these links their &lt;inertial&gt; (see the warnings), or the joint a rotor inertia (&lt;transmission&gt; with &lt;maniplab:rotor_inertia&gt;)</translation>
    </message>
    <message>
        <source>the mass matrix is singular at the home pose (no inertia moves with joint &quot;%1&quot; independently of the joints before it); links without inertial: %2: give these links their &lt;inertial&gt; (see the warnings), or the joint a rotor inertia (&lt;transmission&gt; with &lt;maniplab:rotor_inertia&gt;)</source>
        <translation>the mass matrix is singular at the home pose (no inertia moves with joint &quot;%1&quot; independently of the joints before it); links without inertial: %2: give these links their &lt;inertial&gt; (see the warnings), or the joint a rotor inertia (&lt;transmission&gt; with &lt;maniplab:rotor_inertia&gt;)</translation>
    </message>
    <message>
        <source>must be a whole number from %1 to %2</source>
        <translation>must be a whole number from %1 to %2</translation>
    </message>
    <message>
        <source>%1 s sampled every %2 s is %3 samples of the straight line (inverse kinematics at each): at most %4; raise the sample period or shorten the line</source>
        <translation>%1 s sampled every %2 s is %3 samples of the straight line (inverse kinematics at each): at most %4; raise the sample period or shorten the line</translation>
    </message>
    <message>
        <source>must be 0 (the base) or the number of an earlier joint, 1 to %1 (Khalil–Kleinfinger&apos;s a(j) &lt; j)</source>
        <translation>must be 0 (the base) or the number of an earlier joint, 1 to %1 (Khalil–Kleinfinger&apos;s a(j) &lt; j)</translation>
    </message>
    <message>
        <source>a branch needs &quot;mdh&quot; (Khalil–Kleinfinger) or &quot;general&quot;: standard DH puts link j&apos;s frame on the axis of joint j+1, which a link with several children does not have</source>
        <translation>a branch needs &quot;mdh&quot; (Khalil–Kleinfinger) or &quot;general&quot;: standard DH puts link j&apos;s frame on the axis of joint j+1, which a link with several children does not have</translation>
    </message>
    <message>
        <source>the tree</source>
        <translation>the tree</translation>
    </message>
    <message>
        <source>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3, with &quot;%1&quot; (or the joint it follows) at its home position; that joint moves in the tree but mimic joints are locked when a whole tree is imported, so these links do not follow it</source>
        <translation>mimic of &quot;%1&quot;: q = %2 * q_%1 + %3, with &quot;%1&quot; (or the joint it follows) at its home position; that joint moves in the tree but mimic joints are locked when a whole tree is imported, so these links do not follow it</translation>
    </message>
    <message>
        <source>a chain tip (&quot;%1&quot;) and the whole tree were both asked for: choose one</source>
        <translation>a chain tip (&quot;%1&quot;) and the whole tree were both asked for: choose one</translation>
    </message>
    <message>
        <source>must be the number of another joint (1 to %1) that is not itself a mimic joint</source>
        <translation>must be the number of another joint (1 to %1) that is not itself a mimic joint</translation>
    </message>
    <message>
        <source>must be a finite number other than 0 (q = multiplier * q_joint + offset)</source>
        <translation>must be a finite number other than 0 (q = multiplier * q_joint + offset)</translation>
    </message>
</context>
<context>
    <name>SceneKinds</name>
    <message>
        <source>Satellite scene: the control is fixed by design (the reaction-aware computed torque of Llibre, Mampey &amp; Chrétien 1983 §IV.2, with the scene file&apos;s gains and motion); only the simulated duration can be changed here. Edit the scene file to change the rest.</source>
        <translation>Satellite scene: the control is fixed by design (the reaction-aware computed torque of Llibre, Mampey &amp; Chrétien 1983 §IV.2, with the scene file&apos;s gains and motion); only the simulated duration can be changed here. Edit the scene file to change the rest.</translation>
    </message>
    <message>
        <source>URDF export writes a serial chain on a fixed base: this arm&apos;s base floats freely (its motion couples with the arm&apos;s), which the exported file could not say.</source>
        <translation>URDF export writes a serial chain on a fixed base: this arm&apos;s base floats freely (its motion couples with the arm&apos;s), which the exported file could not say.</translation>
    </message>
    <message>
        <source>This scene&apos;s control is fixed by its file: only the simulated duration can be changed here. Edit the scene file to change the rest.</source>
        <translation>This scene&apos;s control is fixed by its file: only the simulated duration can be changed here. Edit the scene file to change the rest.</translation>
    </message>
    <message>
        <source>The operation counts are those of serial chains: this scene simulates none.</source>
        <translation>The operation counts are those of serial chains: this scene simulates none.</translation>
    </message>
    <message>
        <source>URDF export writes a serial chain on a fixed base: this scene has none.</source>
        <translation>URDF export writes a serial chain on a fixed base: this scene has none.</translation>
    </message>
    <message>
        <source>The robot and the scene have been modified. Save the changes?</source>
        <translation>The robot and the scene have been modified. Save the changes?</translation>
    </message>
    <message>
        <source>The robot has been modified. Save the changes?</source>
        <translation>The robot has been modified. Save the changes?</translation>
    </message>
    <message>
        <source>The scene has been modified (control panel). Save the changes?</source>
        <translation>The scene has been modified (control panel). Save the changes?</translation>
    </message>
    <message>
        <source>Orthoglide parameters</source>
        <translation>Orthoglide parameters</translation>
    </message>
    <message>
        <source>The operation counts are those of serial chains: the Orthoglide&apos;s dynamics (Guégan, Khalil, Chablat &amp; Wenger 2002) is computed on the equivalent trees of its legs and has no count here. Open a serial robot or the satellite arm.</source>
        <translation>The operation counts are those of serial chains: the Orthoglide&apos;s dynamics (Guégan, Khalil, Chablat &amp; Wenger 2002) is computed on the equivalent trees of its legs and has no count here. Open a serial robot or the satellite arm.</translation>
    </message>
    <message>
        <source>URDF export writes a serial chain: the Orthoglide is a parallel robot (closed loops), which URDF cannot describe.</source>
        <translation>URDF export writes a serial chain: the Orthoglide is a parallel robot (closed loops), which URDF cannot describe.</translation>
    </message>
    <message>
        <source>Cannot save the Orthoglide parameters: %1</source>
        <translation>Cannot save the Orthoglide parameters: %1</translation>
    </message>
    <message>
        <source>Orthoglide parameters saved to %1</source>
        <translation>Orthoglide parameters saved to %1</translation>
    </message>
    <message>
        <source>Save the Orthoglide parameters</source>
        <translation>Save the Orthoglide parameters</translation>
    </message>
    <message>
        <source>Robot files (*.json)</source>
        <translation>Robot files (*.json)</translation>
    </message>
    <message>
        <source>The Orthoglide&apos;s parameters and the scene have been modified. Save the changes?</source>
        <translation>The Orthoglide&apos;s parameters and the scene have been modified. Save the changes?</translation>
    </message>
    <message>
        <source>The Orthoglide&apos;s parameters have been modified. Save the changes?</source>
        <translation>The Orthoglide&apos;s parameters have been modified. Save the changes?</translation>
    </message>
    <message>
        <source>The Orthoglide&apos;s parameters have unsaved edits: they are saved first (the scene names their file)</source>
        <translation>The Orthoglide&apos;s parameters have unsaved edits: they are saved first (the scene names their file)</translation>
    </message>
    <message>
        <source>%1: the scene was not saved: its robot has unsaved edits</source>
        <translation>%1: the scene was not saved: its robot has unsaved edits</translation>
    </message>
    <message>
        <source>pendulum parameters</source>
        <translation>pendulum parameters</translation>
    </message>
    <message>
        <source>Pendulum</source>
        <translation>Pendulum</translation>
    </message>
    <message>
        <source>The scene has been modified (pendulum parameters or control panel). Save the changes?</source>
        <translation>The scene has been modified (pendulum parameters or control panel). Save the changes?</translation>
    </message>
    <message>
        <source>Chain editor</source>
        <translation>Chain editor</translation>
    </message>
    <message>
        <source>Teach</source>
        <translation>Teach</translation>
    </message>
    <message>
        <source>Identification</source>
        <translation>Identification</translation>
    </message>
    <message>
        <source>EtherCAT</source>
        <translation>EtherCAT</translation>
    </message>
    <message>
        <source>Runs drive the EtherCAT backend (EtherCAT panel)</source>
        <translation>Runs drive the EtherCAT backend (EtherCAT panel)</translation>
    </message>
    <message>
        <source>Runs drive the simulated plant</source>
        <translation>Runs drive the simulated plant</translation>
    </message>
    <message>
        <source>The model-based controllers use the identified model</source>
        <translation>The model-based controllers use the identified model</translation>
    </message>
    <message>
        <source>The model-based controllers use their own model</source>
        <translation>The model-based controllers use their own model</translation>
    </message>
    <message>
        <source>%1: the scene asks for the EtherCAT backend (see the EtherCAT panel)</source>
        <translation>%1: the scene asks for the EtherCAT backend (see the EtherCAT panel)</translation>
    </message>
    <message>
        <source>identified model</source>
        <translation>identified model</translation>
    </message>
    <message>
        <source>%1: cannot save the robot: %2</source>
        <translation>%1: cannot save the robot: %2</translation>
    </message>
    <message>
        <source>Robot saved to %1</source>
        <translation>Robot saved to %1</translation>
    </message>
    <message>
        <source>Recovered robot</source>
        <translation>Recovered robot</translation>
    </message>
    <message>
        <source>Save the robot</source>
        <translation>Save the robot</translation>
    </message>
    <message>
        <source>The robot has unsaved edits: it is saved first (the scene names its file)</source>
        <translation>The robot has unsaved edits: it is saved first (the scene names its file)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::AlgorithmsDialog</name>
    <message>
        <source>Joint transforms S_i</source>
        <translation>Joint transforms S_i</translation>
    </message>
    <message>
        <source>Newton–Euler (inverse dynamics)</source>
        <translation>Newton–Euler (inverse dynamics)</translation>
    </message>
    <message>
        <source>Kinetic-energy matrix, backward recurrence</source>
        <translation>Kinetic-energy matrix, backward recurrence</translation>
    </message>
    <message>
        <source>Mass matrix, composite rigid bodies (CRBA)</source>
        <translation>Mass matrix, composite rigid bodies (CRBA)</translation>
    </message>
    <message>
        <source>Cholesky factorisation and solve</source>
        <translation>Cholesky factorisation and solve</translation>
    </message>
    <message>
        <source>Articulated-body algorithm (ABA)</source>
        <translation>Articulated-body algorithm (ABA)</translation>
    </message>
    <message>
        <source>Forward dynamics: NE + recurrence + Cholesky</source>
        <translation>Forward dynamics: NE + recurrence + Cholesky</translation>
    </message>
    <message>
        <source>Algorithms and operation counts</source>
        <translation>Algorithms and operation counts</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Algorithm</translation>
    </message>
    <message>
        <source>ManipLab ×</source>
        <translation>ManipLab ×</translation>
    </message>
    <message>
        <source>ManipLab +</source>
        <translation>ManipLab +</translation>
    </message>
    <message>
        <source>Llibre, Mampey &amp; Chrétien 1983 ×</source>
        <translation>Llibre, Mampey &amp; Chrétien 1983 ×</translation>
    </message>
    <message>
        <source>Llibre, Mampey &amp; Chrétien 1983 +</source>
        <translation>Llibre, Mampey &amp; Chrétien 1983 +</translation>
    </message>
    <message>
        <source>Formula of the paper (×; +)</source>
        <translation>Formula of the paper (×; +)</translation>
    </message>
    <message>
        <source>The counts cannot be taken: %1</source>
        <translation>The counts cannot be taken: %1</translation>
    </message>
    <message>
        <source>%1 (ManipLab)</source>
        <translation>%1 (ManipLab)</translation>
    </message>
    <message>
        <source>%1 (Llibre, Mampey &amp; Chrétien 1983)</source>
        <translation>%1 (Llibre, Mampey &amp; Chrétien 1983)</translation>
    </message>
    <message>
        <source>number of joints n</source>
        <translation>number of joints n</translation>
    </message>
    <message>
        <source>multiplications</source>
        <translation>multiplications</translation>
    </message>
    <message>
        <source>Multiplications (×, divisions included) and additions (+, subtractions included) actually performed by ManipLab&apos;s algorithms, counted by running them on a counting scalar type, beside the formulas of Llibre, Mampey &amp; Chrétien 1983 §IV.1 (revolute joints, no actuators, the authors&apos; own optimisations). sin q and cos q are taken as given, as in Llibre, Mampey &amp; Chrétien (1983); ManipLab&apos;s rows exclude the joint transforms, which the paper counts apart (first row).</source>
        <translation>Multiplications (×, divisions included) and additions (+, subtractions included) actually performed by ManipLab&apos;s algorithms, counted by running them on a counting scalar type, beside the formulas of Llibre, Mampey &amp; Chrétien 1983 §IV.1 (revolute joints, no actuators, the authors&apos; own optimisations). sin q and cos q are taken as given, as in Llibre, Mampey &amp; Chrétien (1983); ManipLab&apos;s rows exclude the joint transforms, which the paper counts apart (first row).</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ChainEditor</name>
    <message>
        <source>name</source>
        <translation>name</translation>
    </message>
    <message>
        <source>type</source>
        <translation>type</translation>
    </message>
    <message>
        <source>a [m]</source>
        <translation>a [m]</translation>
    </message>
    <message>
        <source>α [°]</source>
        <translation>α [°]</translation>
    </message>
    <message>
        <source>d [m]</source>
        <translation>d [m]</translation>
    </message>
    <message>
        <source>θ [°]</source>
        <translation>θ [°]</translation>
    </message>
    <message>
        <source>r [m]</source>
        <translation>r [m]</translation>
    </message>
    <message>
        <source>x [m]</source>
        <translation>x [m]</translation>
    </message>
    <message>
        <source>y [m]</source>
        <translation>y [m]</translation>
    </message>
    <message>
        <source>z [m]</source>
        <translation>z [m]</translation>
    </message>
    <message>
        <source>roll [°]</source>
        <translation>roll [°]</translation>
    </message>
    <message>
        <source>pitch [°]</source>
        <translation>pitch [°]</translation>
    </message>
    <message>
        <source>yaw [°]</source>
        <translation>yaw [°]</translation>
    </message>
    <message>
        <source>offset [° | m]</source>
        <translation>offset [° | m]</translation>
    </message>
    <message>
        <source>lower [° | m]</source>
        <translation>lower [° | m]</translation>
    </message>
    <message>
        <source>upper [° | m]</source>
        <translation>upper [° | m]</translation>
    </message>
    <message>
        <source>velocity [°/s | m/s]</source>
        <translation>velocity [°/s | m/s]</translation>
    </message>
    <message>
        <source>effort [N·m | N]</source>
        <translation>effort [N·m | N]</translation>
    </message>
    <message>
        <source>mass [kg]</source>
        <translation>mass [kg]</translation>
    </message>
    <message>
        <source>CoM x [m]</source>
        <translation>CoM x [m]</translation>
    </message>
    <message>
        <source>CoM y [m]</source>
        <translation>CoM y [m]</translation>
    </message>
    <message>
        <source>CoM z [m]</source>
        <translation>CoM z [m]</translation>
    </message>
    <message>
        <source>Ixx [kg·m²]</source>
        <translation>Ixx [kg·m²]</translation>
    </message>
    <message>
        <source>Iyy [kg·m²]</source>
        <translation>Iyy [kg·m²]</translation>
    </message>
    <message>
        <source>Izz [kg·m²]</source>
        <translation>Izz [kg·m²]</translation>
    </message>
    <message>
        <source>Ixy [kg·m²]</source>
        <translation>Ixy [kg·m²]</translation>
    </message>
    <message>
        <source>Ixz [kg·m²]</source>
        <translation>Ixz [kg·m²]</translation>
    </message>
    <message>
        <source>Iyz [kg·m²]</source>
        <translation>Iyz [kg·m²]</translation>
    </message>
    <message>
        <source>gear ratio</source>
        <translation>gear ratio</translation>
    </message>
    <message>
        <source>rotor inertia j_m [kg·m²]</source>
        <translation>rotor inertia j_m [kg·m²]</translation>
    </message>
    <message>
        <source>transverse rotor inertia i_m [kg·m²]</source>
        <translation>transverse rotor inertia i_m [kg·m²]</translation>
    </message>
    <message>
        <source>rotor axis (x, y, z)</source>
        <translation>rotor axis (x, y, z)</translation>
    </message>
    <message>
        <source>viscous + [N·m·s/rad | N·s/m]</source>
        <translation>viscous + [N·m·s/rad | N·s/m]</translation>
    </message>
    <message>
        <source>viscous − [N·m·s/rad | N·s/m]</source>
        <translation>viscous − [N·m·s/rad | N·s/m]</translation>
    </message>
    <message>
        <source>Coulomb + [N·m | N]</source>
        <translation>Coulomb + [N·m | N]</translation>
    </message>
    <message>
        <source>Coulomb − [N·m | N]</source>
        <translation>Coulomb − [N·m | N]</translation>
    </message>
    <message>
        <source>R: revolute, P: prismatic</source>
        <translation>R: revolute, P: prismatic</translation>
    </message>
    <message>
        <source>Joint offset: the joint variable&apos;s parameter at q = 0 (θ of a revolute joint, d (DH) or r (MDH) of a prismatic one); degrees for revolute, metres for prismatic</source>
        <translation>Joint offset: the joint variable&apos;s parameter at q = 0 (θ of a revolute joint, d (DH) or r (MDH) of a prismatic one); degrees for revolute, metres for prismatic</translation>
    </message>
    <message>
        <source>Degrees for revolute joints, metres for prismatic ones; empty: no limit</source>
        <translation>Degrees for revolute joints, metres for prismatic ones; empty: no limit</translation>
    </message>
    <message>
        <source>DH: offset along z; MDH: distance along x (Khalil&apos;s notation)</source>
        <translation>DH: offset along z; MDH: distance along x (Khalil&apos;s notation)</translation>
    </message>
    <message>
        <source>Unit vector in the frame of the link carrying the motor; empty: the joint axis</source>
        <translation>Unit vector in the frame of the link carrying the motor; empty: the joint axis</translation>
    </message>
    <message>
        <source>revolute</source>
        <translation>revolute</translation>
    </message>
    <message>
        <source>prismatic</source>
        <translation>prismatic</translation>
    </message>
    <message>
        <source>Convention:</source>
        <translation>Convention:</translation>
    </message>
    <message>
        <source>DH (standard)</source>
        <translation>DH (standard)</translation>
    </message>
    <message>
        <source>MDH (modified)</source>
        <translation>MDH (modified)</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Re-expresses the robot in another convention (the same kinematics and dynamics)</source>
        <translation>Re-expresses the robot in another convention (the same kinematics and dynamics)</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <source>Insert a joint after the selected one</source>
        <translation>Insert a joint after the selected one</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>Remove the selected joint</source>
        <translation>Remove the selected joint</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Up</translation>
    </message>
    <message>
        <source>Move the selected joint towards the base</source>
        <translation>Move the selected joint towards the base</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Down</translation>
    </message>
    <message>
        <source>Move the selected joint towards the tool</source>
        <translation>Move the selected joint towards the tool</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Link</translation>
    </message>
    <message>
        <source>Actuator</source>
        <translation>Actuator</translation>
    </message>
    <message>
        <source>Link %1 %2</source>
        <translation>Link %1 %2</translation>
    </message>
    <message>
        <source>Actuator of joint %1 %2</source>
        <translation>Actuator of joint %1 %2</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>warning: %1</translation>
    </message>
    <message>
        <source>Rejected: %1</source>
        <translation>Rejected: %1</translation>
    </message>
    <message>
        <source>Warning: %1: %2</source>
        <translation>Warning: %1: %2</translation>
    </message>
    <message>
        <source>Joint %1, %2: %3</source>
        <translation>Joint %1, %2: %3</translation>
    </message>
    <message>
        <source>no joint %1</source>
        <translation>no joint %1</translation>
    </message>
    <message>
        <source>no field &quot;%1&quot; in this convention</source>
        <translation>no field &quot;%1&quot; in this convention</translation>
    </message>
    <message>
        <source>%1: must be &quot;revolute&quot; or &quot;prismatic&quot; (got &quot;%2&quot;)</source>
        <translation>%1: must be &quot;revolute&quot; or &quot;prismatic&quot; (got &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>%1: must be a 3-vector &quot;x, y, z&quot; (or empty: the joint axis), got &quot;%2&quot;</source>
        <translation>%1: must be a 3-vector &quot;x, y, z&quot; (or empty: the joint axis), got &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1: must be a number (got &quot;%2&quot;)</source>
        <translation>%1: must be a number (got &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>%1: must be finite</source>
        <translation>%1: must be finite</translation>
    </message>
    <message>
        <source>Edit %1 of joint %2</source>
        <translation>Edit %1 of joint %2</translation>
    </message>
    <message>
        <source>Add joint %1</source>
        <translation>Add joint %1</translation>
    </message>
    <message>
        <source>Remove joint %1</source>
        <translation>Remove joint %1</translation>
    </message>
    <message>
        <source>cannot move joint %1 there</source>
        <translation>cannot move joint %1 there</translation>
    </message>
    <message>
        <source>Move joint %1 up</source>
        <translation>Move joint %1 up</translation>
    </message>
    <message>
        <source>Move joint %1 down</source>
        <translation>Move joint %1 down</translation>
    </message>
    <message>
        <source>Cannot change the convention: %1</source>
        <translation>Cannot change the convention: %1</translation>
    </message>
    <message>
        <source>DH</source>
        <translation>DH</translation>
    </message>
    <message>
        <source>MDH</source>
        <translation>MDH</translation>
    </message>
    <message>
        <source>general</source>
        <translation>general</translation>
    </message>
    <message>
        <source>Convention: %1</source>
        <translation>Convention: %1</translation>
    </message>
    <message>
        <source>the joint axis</source>
        <translation>the joint axis</translation>
    </message>
    <message>
        <source>parent</source>
        <translation>parent</translation>
    </message>
    <message>
        <source>The body the joint hangs on (Khalil–Kleinfinger&apos;s antecedent a(j)): 0 the base, or the number of an earlier joint; the previous joint makes a serial chain</source>
        <translation>The body the joint hangs on (Khalil–Kleinfinger&apos;s antecedent a(j)): 0 the base, or the number of an earlier joint; the previous joint makes a serial chain</translation>
    </message>
    <message>
        <source>%1: the first joint hangs on the base: must be 0 (got &quot;%2&quot;)</source>
        <translation>%1: the first joint hangs on the base: must be 0 (got &quot;%2&quot;)</translation>
    </message>
    <message>
        <source>%1: must be 0 (the base) or an earlier joint, 1 to %2 (got &quot;%3&quot;)</source>
        <translation>%1: must be 0 (the base) or an earlier joint, 1 to %2 (got &quot;%3&quot;)</translation>
    </message>
    <message>
        <source>follows joint</source>
        <translation>follows joint</translation>
    </message>
    <message>
        <source>multiplier</source>
        <translation>multiplier</translation>
    </message>
    <message>
        <source>A coupled (mimic) joint moves with another, independent joint (a gripper&apos;s second finger, a gear): the number of that joint; empty: the joint moves on its own</source>
        <translation>A coupled (mimic) joint moves with another, independent joint (a gripper&apos;s second finger, a gear): the number of that joint; empty: the joint moves on its own</translation>
    </message>
    <message>
        <source>q = multiplier × q(source) + offset; the dynamics are projected onto the independent joints (as Pinocchio 3 does for mimic joints)</source>
        <translation>q = multiplier × q(source) + offset; the dynamics are projected onto the independent joints (as Pinocchio 3 does for mimic joints)</translation>
    </message>
    <message>
        <source>none (independent)</source>
        <translation>none (independent)</translation>
    </message>
    <message>
        <source>Coupling of joint %1 %2</source>
        <translation>Coupling of joint %1 %2</translation>
    </message>
    <message>
        <source>Coupling</source>
        <translation>Coupling</translation>
    </message>
    <message>
        <source>%1: must be the number of another joint, 1 to %2, or empty (got &quot;%3&quot;)</source>
        <translation>%1: must be the number of another joint, 1 to %2, or empty (got &quot;%3&quot;)</translation>
    </message>
    <message>
        <source>%1: the joint follows no joint: give the joint it follows first</source>
        <translation>%1: the joint follows no joint: give the joint it follows first</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ConservationPanel</name>
    <message>
        <source>not recorded</source>
        <translation>not recorded</translation>
    </message>
    <message>
        <source>Energy balance: no run yet.</source>
        <translation>Energy balance: no run yet.</translation>
    </message>
    <message>
        <source>Momenta: no run yet.</source>
        <translation>Momenta: no run yet.</translation>
    </message>
    <message>
        <source>Energy balance: not recorded (the run has no energy channels; add &quot;energy&quot; to the scene&apos;s record list).</source>
        <translation>Energy balance: not recorded (the run has no energy channels; add &quot;energy&quot; to the scene&apos;s record list).</translation>
    </message>
    <message>
        <source>Momenta: not recorded (only floating-base runs, e.g. the satellite scene, record P and L).</source>
        <translation>Momenta: not recorded (only floating-base runs, e.g. the satellite scene, record P and L).</translation>
    </message>
    <message>
        <source>Energy balance (Llibre, Mampey &amp; Chrétien 1983 §IV.2)</source>
        <translation>Energy balance (Llibre, Mampey &amp; Chrétien 1983 §IV.2)</translation>
    </message>
    <message>
        <source>Momenta (floating base, world frame)</source>
        <translation>Momenta (floating base, world frame)</translation>
    </message>
    <message>
        <source>E₀ (first row) [J]</source>
        <translation>E₀ (first row) [J]</translation>
    </message>
    <message>
        <source>ΔE = E − E₀ [J]</source>
        <translation>ΔE = E − E₀ [J]</translation>
    </message>
    <message>
        <source>Actuator work W_τ [J]</source>
        <translation>Actuator work W_τ [J]</translation>
    </message>
    <message>
        <source>Friction work W_f (dissipated) [J]</source>
        <translation>Friction work W_f (dissipated) [J]</translation>
    </message>
    <message>
        <source>Net work W = W_τ − W_f [J]</source>
        <translation>Net work W = W_τ − W_f [J]</translation>
    </message>
    <message>
        <source>Residual ΔE − W [J]</source>
        <translation>Residual ΔE − W [J]</translation>
    </message>
    <message>
        <source>Relative drift</source>
        <translation>Relative drift</translation>
    </message>
    <message>
        <source>Largest |relative drift|</source>
        <translation>Largest |relative drift|</translation>
    </message>
    <message>
        <source>P [kg m/s]</source>
        <translation>P [kg m/s]</translation>
    </message>
    <message>
        <source>P₀ [kg m/s]</source>
        <translation>P₀ [kg m/s]</translation>
    </message>
    <message>
        <source>P − P₀</source>
        <translation>P − P₀</translation>
    </message>
    <message>
        <source>|P − P₀|</source>
        <translation>|P − P₀|</translation>
    </message>
    <message>
        <source>L [N m s]</source>
        <translation>L [N m s]</translation>
    </message>
    <message>
        <source>L₀ [N m s]</source>
        <translation>L₀ [N m s]</translation>
    </message>
    <message>
        <source>L − L₀</source>
        <translation>L − L₀</translation>
    </message>
    <message>
        <source>|L − L₀|</source>
        <translation>|L − L₀|</translation>
    </message>
    <message>
        <source>largest</source>
        <translation>largest</translation>
    </message>
    <message>
        <source>ΔE</source>
        <translation>ΔE</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>ΔE − W (right axis)</source>
        <translation>ΔE − W (right axis)</translation>
    </message>
    <message>
        <source>t [s]</source>
        <translation>t [s]</translation>
    </message>
    <message>
        <source>J</source>
        <translation>J</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ControlPanel</name>
    <message>
        <source>joint %1</source>
        <translation>joint %1</translation>
    </message>
    <message>
        <source>Gain %1 of joint %2: &apos;%3&apos; is not a non-negative number</source>
        <translation>Gain %1 of joint %2: &apos;%3&apos; is not a non-negative number</translation>
    </message>
    <message>
        <source>Tr = %1 s: Kp = %2, Kv = %3 (double pole -4.73/Tr)</source>
        <translation>Tr = %1 s: Kp = %2, Kv = %3 (double pole -4.73/Tr)</translation>
    </message>
    <message>
        <source>wn = %1 rad/s, zeta = %2: Kp = %3, Kv = %4</source>
        <translation>wn = %1 rad/s, zeta = %2: Kp = %3, Kv = %4</translation>
    </message>
    <message>
        <source>The plant rate (%1 Hz) must be a whole multiple of the control rate (%2 Hz)</source>
        <translation>The plant rate (%1 Hz) must be a whole multiple of the control rate (%2 Hz)</translation>
    </message>
    <message>
        <source>Controllers to run</source>
        <translation>Controllers to run</translation>
    </message>
    <message>
        <source>Gains</source>
        <translation>Gains</translation>
    </message>
    <message>
        <source>Gain design (computed torque: e&apos;&apos; + Kv e&apos; + Kp e = 0)</source>
        <translation>Gain design (computed torque: e&apos;&apos; + Kv e&apos; + Kp e = 0)</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>Controller:</source>
        <translation>Controller:</translation>
    </message>
    <message>
        <source>Model perturbation:</source>
        <translation>Model perturbation:</translation>
    </message>
    <message>
        <source>Kp</source>
        <translation>Kp</translation>
    </message>
    <message>
        <source>Kv / Kd</source>
        <translation>Kv / Kd</translation>
    </message>
    <message>
        <source>Ki</source>
        <translation>Ki</translation>
    </message>
    <message>
        <source>Response time Tr:</source>
        <translation>Response time Tr:</translation>
    </message>
    <message>
        <source>Set Kp, Kv</source>
        <translation>Set Kp, Kv</translation>
    </message>
    <message>
        <source>Natural frequency:</source>
        <translation>Natural frequency:</translation>
    </message>
    <message>
        <source>Damping:</source>
        <translation>Damping:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Duration:</translation>
    </message>
    <message>
        <source>Control rate:</source>
        <translation>Control rate:</translation>
    </message>
    <message>
        <source>Plant rate:</source>
        <translation>Plant rate:</translation>
    </message>
    <message>
        <source>Stepper:</source>
        <translation>Stepper:</translation>
    </message>
    <message>
        <source>Euler (Zanaboni 2009)</source>
        <translation>Euler (Zanaboni 2009)</translation>
    </message>
    <message>
        <source>Runge-Kutta 4</source>
        <translation>Runge-Kutta 4</translation>
    </message>
    <message>
        <source>Dormand-Prince 5(4)</source>
        <translation>Dormand-Prince 5(4)</translation>
    </message>
    <message>
        <source>Encoder noise (std):</source>
        <translation>Encoder noise (std):</translation>
    </message>
    <message>
        <source>rotation φ</source>
        <translation>rotation φ</translation>
    </message>
    <message>
        <source>rotation θ</source>
        <translation>rotation θ</translation>
    </message>
    <message>
        <source>rotation ψ</source>
        <translation>rotation ψ</translation>
    </message>
    <message>
        <source>position X</source>
        <translation>position X</translation>
    </message>
    <message>
        <source>position Y</source>
        <translation>position Y</translation>
    </message>
    <message>
        <source>position Z</source>
        <translation>position Z</translation>
    </message>
    <message>
        <source>Trajectory: %1</source>
        <translation>Trajectory: %1</translation>
    </message>
    <message numerus="yes">
        <source>The controllers&apos; per-joint gains were adapted to the robot&apos;s %n joint(s): check them</source>
        <translation>
            <numerusform>The controllers&apos; per-joint gains were adapted to the robot&apos;s %n joint: check them</numerusform>
            <numerusform>The controllers&apos; per-joint gains were adapted to the robot&apos;s %n joints: check them</numerusform>
        </translation>
    </message>
    <message>
        <source>the trajectory and the gains were adapted</source>
        <translation>the trajectory and the gains were adapted</translation>
    </message>
    <message>
        <source>the trajectory was adapted</source>
        <translation>the trajectory was adapted</translation>
    </message>
    <message>
        <source>the gains were adapted</source>
        <translation>the gains were adapted</translation>
    </message>
    <message>
        <source>check the trajectory and the gains</source>
        <translation>check the trajectory and the gains</translation>
    </message>
    <message numerus="yes">
        <source>The robot now has %n joint(s): %1 (a new joint starts at its home position with the last joint&apos;s gains).</source>
        <translation>
            <numerusform>The robot now has %n joint: %1 (a new joint starts at its home position with the last joint&apos;s gains).</numerusform>
            <numerusform>The robot now has %n joints: %1 (a new joint starts at its home position with the last joint&apos;s gains).</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Remove %1</translation>
    </message>
    <message>
        <source>A scene needs at least one controller</source>
        <translation>A scene needs at least one controller</translation>
    </message>
    <message>
        <source>An Orthoglide scene runs PID, computed torque or zero torque controllers (not %1)</source>
        <translation>An Orthoglide scene runs PID, computed torque or zero torque controllers (not %1)</translation>
    </message>
    <message>
        <source>An operational-space controller needs a robot with 6 joints (this one has %1)</source>
        <translation>An operational-space controller needs a robot with 6 joints (this one has %1)</translation>
    </message>
    <message>
        <source>Cannot add the controller: %1</source>
        <translation>Cannot add the controller: %1</translation>
    </message>
    <message>
        <source>Controller %1 added (zero torque: no gains)</source>
        <translation>Controller %1 added (zero torque: no gains)</translation>
    </message>
    <message>
        <source>A scene needs at least one controller: %1 is kept</source>
        <translation>A scene needs at least one controller: %1 is kept</translation>
    </message>
    <message>
        <source>Controller %1 removed</source>
        <translation>Controller %1 removed</translation>
    </message>
    <message>
        <source>actuator %1</source>
        <translation>actuator %1</translation>
    </message>
    <message>
        <source>The control panel is set for %1 joint(s), the robot has %2: reload the scene</source>
        <translation>The control panel is set for %1 joint(s), the robot has %2: reload the scene</translation>
    </message>
    <message>
        <source>Controller %1: operational space needs a robot with 6 joints (this one has %2); remove it</source>
        <translation>Controller %1: operational space needs a robot with 6 joints (this one has %2); remove it</translation>
    </message>
    <message>
        <source>Trajectory</source>
        <translation>Trajectory</translation>
    </message>
    <message>
        <source>Add controller</source>
        <translation>Add controller</translation>
    </message>
    <message>
        <source>A new controller with default gains from the response time Tr of the gain design</source>
        <translation>A new controller with default gains from the response time Tr of the gain design</translation>
    </message>
    <message>
        <source>PID (independent joints)</source>
        <translation>PID (independent joints)</translation>
    </message>
    <message>
        <source>PD + gravity</source>
        <translation>PD + gravity</translation>
    </message>
    <message>
        <source>Computed torque</source>
        <translation>Computed torque</translation>
    </message>
    <message>
        <source>Operational space (6 joints)</source>
        <translation>Operational space (6 joints)</translation>
    </message>
    <message>
        <source>Zero torque (free motion)</source>
        <translation>Zero torque (free motion)</translation>
    </message>
    <message>
        <source>Recorded channels</source>
        <translation>Recorded channels</translation>
    </message>
    <message>
        <source>Reference q_d</source>
        <translation>Reference q_d</translation>
    </message>
    <message>
        <source>State q, q&apos;</source>
        <translation>State q, q&apos;</translation>
    </message>
    <message>
        <source>Errors e</source>
        <translation>Errors e</translation>
    </message>
    <message>
        <source>Torques</source>
        <translation>Torques</translation>
    </message>
    <message>
        <source>Friction</source>
        <translation>Friction</translation>
    </message>
    <message>
        <source>Tool pose</source>
        <translation>Tool pose</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>Energy</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Timing</translation>
    </message>
    <message>
        <source>The control panel shows another kind of scene: reload the scene</source>
        <translation>The control panel shows another kind of scene: reload the scene</translation>
    </message>
    <message>
        <source>Controller %1: this scene cannot run a %2 controller; remove it</source>
        <translation>Controller %1: this scene cannot run a %2 controller; remove it</translation>
    </message>
    <message>
        <source>Controller %1 added, gains from the response time Tr = %2 s (Kp of %3: %4); edit them under Gains</source>
        <translation>Controller %1 added, gains from the response time Tr = %2 s (Kp of %3: %4); edit them under Gains</translation>
    </message>
    <message>
        <source>The control panel does not show a joint-space scene: reload the scene</source>
        <translation>The control panel does not show a joint-space scene: reload the scene</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::EthercatPanel</name>
    <message>
        <source>Backend</source>
        <translation>Backend</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source>EtherCAT</source>
        <translation>EtherCAT</translation>
    </message>
    <message>
        <source>Runs drive the simulated plant of the scene.</source>
        <translation>Runs drive the simulated plant of the scene.</translation>
    </message>
    <message>
        <source>Runs drive CiA 402 drives over EtherCAT: the interface below, or the in-process virtual drives.</source>
        <translation>Runs drive CiA 402 drives over EtherCAT: the interface below, or the in-process virtual drives.</translation>
    </message>
    <message>
        <source>EtherCAT bus</source>
        <translation>EtherCAT bus</translation>
    </message>
    <message>
        <source>Interface:</source>
        <translation>Interface:</translation>
    </message>
    <message>
        <source>In-process virtual drives (no privileges)</source>
        <translation>In-process virtual drives (no privileges)</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <source>List the host&apos;s network interfaces again</source>
        <translation>List the host&apos;s network interfaces again</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Mode:</translation>
    </message>
    <message>
        <source>CST: cyclic synchronous torque (the controller&apos;s torque)</source>
        <translation>CST: cyclic synchronous torque (the controller&apos;s torque)</translation>
    </message>
    <message>
        <source>CSP: cyclic synchronous position (the drives&apos; own loop)</source>
        <translation>CSP: cyclic synchronous position (the drives&apos; own loop)</translation>
    </message>
    <message>
        <source>Cycle:</source>
        <translation>Cycle:</translation>
    </message>
    <message>
        <source>Control period of the scene</source>
        <translation>Control period of the scene</translation>
    </message>
    <message>
        <source>%1 Hz (%2 ms)</source>
        <translation>%1 Hz (%2 ms)</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>Scan</translation>
    </message>
    <message>
        <source>Count the slaves and read their identity, AL state and CiA 402 state</source>
        <translation>Count the slaves and read their identity, AL state and CiA 402 state</translation>
    </message>
    <message>
        <source>Start bus</source>
        <translation>Start bus</translation>
    </message>
    <message>
        <source>Bring the slaves to OP and start the cyclic exchange (drives disabled)</source>
        <translation>Bring the slaves to OP and start the cyclic exchange (drives disabled)</translation>
    </message>
    <message>
        <source>Stop bus</source>
        <translation>Stop bus</translation>
    </message>
    <message>
        <source>Stop the cyclic exchange and return the slaves to INIT</source>
        <translation>Stop the cyclic exchange and return the slaves to INIT</translation>
    </message>
    <message>
        <source>Enable drives</source>
        <translation>Enable drives</translation>
    </message>
    <message>
        <source>CSP only, outside a run: the drives hold their position</source>
        <translation>CSP only, outside a run: the drives hold their position</translation>
    </message>
    <message>
        <source>Disable drives</source>
        <translation>Disable drives</translation>
    </message>
    <message>
        <source>Disable the drives (brakes close); during a run: quick stop, the run ends</source>
        <translation>Disable the drives (brakes close); during a run: quick stop, the run ends</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>Faults</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Reset</translation>
    </message>
    <message>
        <source>Acknowledge the fault, bring the slaves back to OP and reset the drive faults</source>
        <translation>Acknowledge the fault, bring the slaves back to OP and reset the drive faults</translation>
    </message>
    <message>
        <source>Inject into the virtual drives:</source>
        <translation>Inject into the virtual drives:</translation>
    </message>
    <message>
        <source>drop:F, drop-every:N, delay:F:S, wkc:N, drive-fault:N, leave-op:N, link-down, refuse:N:STATE[:CODE], each with an optional @CYCLES start (slaves numbered from 1)</source>
        <translation>drop:F, drop-every:N, delay:F:S, wkc:N, drive-fault:N, leave-op:N, link-down, refuse:N:STATE[:CODE], each with an optional @CYCLES start (slaves numbered from 1)</translation>
    </message>
    <message>
        <source>Inject</source>
        <translation>Inject</translation>
    </message>
    <message>
        <source>Slaves</source>
        <translation>Slaves</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Station</source>
        <translation>Station</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>Vendor</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Product</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>Revision</translation>
    </message>
    <message>
        <source>Serial</source>
        <translation>Serial</translation>
    </message>
    <message>
        <source>AL state</source>
        <translation>AL state</translation>
    </message>
    <message>
        <source>AL status code</source>
        <translation>AL status code</translation>
    </message>
    <message>
        <source>CiA 402 state</source>
        <translation>CiA 402 state</translation>
    </message>
    <message>
        <source>Error code</source>
        <translation>Error code</translation>
    </message>
    <message>
        <source>Cycle statistics</source>
        <translation>Cycle statistics</translation>
    </message>
    <message>
        <source>Cycles:</source>
        <translation>Cycles:</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>Period:</translation>
    </message>
    <message>
        <source>Period error:</source>
        <translation>Period error:</translation>
    </message>
    <message>
        <source>Worst wake-up:</source>
        <translation>Worst wake-up:</translation>
    </message>
    <message>
        <source>Round trip:</source>
        <translation>Round trip:</translation>
    </message>
    <message>
        <source>Late / missed / lost / WKC:</source>
        <translation>Late / missed / lost / WKC:</translation>
    </message>
    <message>
        <source>|period − nominal| (1 µs bins, log count)</source>
        <translation>|period − nominal| (1 µs bins, log count)</translation>
    </message>
    <message>
        <source>no cycle yet</source>
        <translation>no cycle yet</translation>
    </message>
    <message>
        <source>over</source>
        <translation>over</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>busy: %1</source>
        <translation>busy: %1</translation>
    </message>
    <message>
        <source>%1 …</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 failed: %2</translation>
    </message>
    <message>
        <source>no bus (scan or start it first)</source>
        <translation>no bus (scan or start it first)</translation>
    </message>
    <message>
        <source>drives disabled from the EtherCAT panel (quick stop)</source>
        <translation>drives disabled from the EtherCAT panel (quick stop)</translation>
    </message>
    <message>
        <source>no bus to reset</source>
        <translation>no bus to reset</translation>
    </message>
    <message>
        <source>no bus: start the in-process virtual drives first</source>
        <translation>no bus: start the in-process virtual drives first</translation>
    </message>
    <message>
        <source>fault &apos;%1&apos;: %2</source>
        <translation>fault &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>No fault.</source>
        <translation>No fault.</translation>
    </message>
    <message>
        <source>nominal %1 µs, mean %2 µs</source>
        <translation>nominal %1 µs, mean %2 µs</translation>
    </message>
    <message>
        <source>median %1 µs, p99 %2 µs, worst %3 µs</source>
        <translation>median %1 µs, p99 %2 µs, worst %3 µs</translation>
    </message>
    <message>
        <source>%1 µs after the deadline</source>
        <translation>%1 µs after the deadline</translation>
    </message>
    <message>
        <source>mean %1 µs, worst %2 µs</source>
        <translation>mean %1 µs, worst %2 µs</translation>
    </message>
    <message>
        <source>%1 / %2 / %3 / %4</source>
        <translation>%1 / %2 / %3 / %4</translation>
    </message>
    <message>
        <source>No bus. Scan or start it (the in-process virtual drives need no privileges).</source>
        <translation>No bus. Scan or start it (the in-process virtual drives need no privileges).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>, cycling at %1 Hz</source>
        <translation>, cycling at %1 Hz</translation>
    </message>
    <message>
        <source>, drives enabled</source>
        <translation>, drives enabled</translation>
    </message>
    <message>
        <source>, drives disabled</source>
        <translation>, drives disabled</translation>
    </message>
    <message>
        <source>, a run uses the bus</source>
        <translation>, a run uses the bus</translation>
    </message>
    <message>
        <source>%1 … (%2)</source>
        <translation>%1 … (%2)</translation>
    </message>
    <message>
        <source>Process data</source>
        <translation>Process data</translation>
    </message>
    <message>
        <source>System time difference</source>
        <translation>System time difference</translation>
    </message>
    <message>
        <source>Output / input bytes of the drive&apos;s process data, and where the mapping came from</source>
        <translation>Output / input bytes of the drive&apos;s process data, and where the mapping came from</translation>
    </message>
    <message>
        <source>Distributed clocks: the slave&apos;s system time difference to the reference clock (register 0x092C), last and largest since the statistics restarted</source>
        <translation>Distributed clocks: the slave&apos;s system time difference to the reference clock (register 0x092C), last and largest since the statistics restarted</translation>
    </message>
    <message>
        <source>Object dictionary</source>
        <translation>Object dictionary</translation>
    </message>
    <message>
        <source>Distributed clocks:</source>
        <translation>Distributed clocks:</translation>
    </message>
    <message>
        <source>%1 / %2 bytes</source>
        <translation>%1 / %2 bytes</translation>
    </message>
    <message>
        <source>%1 ns (largest %2 ns)</source>
        <translation>%1 ns (largest %2 ns)</translation>
    </message>
    <message>
        <source>, reference clock</source>
        <translation>, reference clock</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>from %1</translation>
    </message>
    <message>
        <source>drive profile: %1</source>
        <translation>drive profile: %1</translation>
    </message>
    <message>
        <source>not in use</source>
        <translation>not in use</translation>
    </message>
    <message>
        <source>reference slave %1, |Δt| ≤ %2 ns, cycle vs DC time %3 µs (largest %4 µs)</source>
        <translation>reference slave %1, |Δt| ≤ %2 ns, cycle vs DC time %3 µs (largest %4 µs)</translation>
    </message>
    <message>
        <source>slave %1 (%2)</source>
        <translation>slave %1 (%2)</translation>
    </message>
    <message>
        <source>slave %1</source>
        <translation>slave %1</translation>
    </message>
    <message>
        <source>Emergencies (%1)</source>
        <translation>Emergencies (%1)</translation>
    </message>
    <message>
        <source>Emergencies</source>
        <translation>Emergencies</translation>
    </message>
    <message>
        <source>A raw socket on a host interface needs root or CAP_NET_RAW: without root, grant ManipLab cap_net_raw, cap_sys_nice and cap_ipc_lock once with &apos;sudo scripts/grant-capabilities.sh&apos; (the cyclic thread then also gets SCHED_FIFO and locked memory). The in-process virtual drives need no privileges (the whole path: master, frames, virtual slaves, simulated plant).</source>
        <translation>A raw socket on a host interface needs root or CAP_NET_RAW: without root, grant ManipLab cap_net_raw, cap_sys_nice and cap_ipc_lock once with &apos;sudo scripts/grant-capabilities.sh&apos; (the cyclic thread then also gets SCHED_FIFO and locked memory). The in-process virtual drives need no privileges (the whole path: master, frames, virtual slaves, simulated plant).</translation>
    </message>
    <message>
        <source>Loss budget and latency</source>
        <translation>Loss budget and latency</translation>
    </message>
    <message>
        <source>Longest time without a good cycle:</source>
        <translation>Longest time without a good cycle:</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>default (a quarter of the shortest drive watchdog, at most 25 ms)</source>
        <translation>default (a quarter of the shortest drive watchdog, at most 25 ms)</translation>
    </message>
    <message>
        <source>Lost, late or incomplete cycles are counted, timed and marked on the scope while the run goes on; a run stops safely when no good cycle came for longer than this. Keep it well inside the drives&apos; process-data watchdog (registers 0x0400/0x0420), which stops them on their own. Saved with the scene.</source>
        <translation>Lost, late or incomplete cycles are counted, timed and marked on the scope while the run goes on; a run stops safely when no good cycle came for longer than this. Keep it well inside the drives&apos; process-data watchdog (registers 0x0400/0x0420), which stops them on their own. Saved with the scene.</translation>
    </message>
    <message>
        <source>Bad cycles per second:</source>
        <translation>Bad cycles per second:</translation>
    </message>
    <message>
        <source>default (a tenth of the cycles)</source>
        <translation>default (a tenth of the cycles)</translation>
    </message>
    <message>
        <source>A run stops safely when more bad cycles than this fall within one second. Saved with the scene.</source>
        <translation>A run stops safely when more bad cycles than this fall within one second. Saved with the scene.</translation>
    </message>
    <message>
        <source>Check this PC for:</source>
        <translation>Check this PC for:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>How long the master&apos;s cyclic thread is measured</source>
        <translation>How long the master&apos;s cyclic thread is measured</translation>
    </message>
    <message>
        <source>Check this PC</source>
        <translation>Check this PC</translation>
    </message>
    <message>
        <source>Run the master&apos;s own cyclic thread at the selected cycle on the selected interface (or the in-process virtual drives), drives disabled, and judge whether the cycle and the loss budget will hold, as &apos;maniplab-cli ecat-latency&apos; does</source>
        <translation>Run the master&apos;s own cyclic thread at the selected cycle on the selected interface (or the in-process virtual drives), drives disabled, and judge whether the cycle and the loss budget will hold, as &apos;maniplab-cli ecat-latency&apos; does</translation>
    </message>
    <message>
        <source>In force once the bus is started.</source>
        <translation>In force once the bus is started.</translation>
    </message>
    <message>
        <source>In force: %1 ms without a good cycle, %2 bad cycles per second</source>
        <translation>In force: %1 ms without a good cycle, %2 bad cycles per second</translation>
    </message>
    <message>
        <source>; shortest drive watchdog %1 ms (slave %2)</source>
        <translation>; shortest drive watchdog %1 ms (slave %2)</translation>
    </message>
    <message>
        <source>; bad cycles %1, longest time without a good cycle %2 ms</source>
        <translation>; bad cycles %1, longest time without a good cycle %2 ms</translation>
    </message>
    <message>
        <source>Latency check failed: %1</source>
        <translation>Latency check failed: %1</translation>
    </message>
    <message>
        <source>fit</source>
        <translation>fit</translation>
    </message>
    <message>
        <source>marginal</source>
        <translation>marginal</translation>
    </message>
    <message>
        <source>unfit</source>
        <translation>unfit</translation>
    </message>
    <message>
        <source>Verdict: %1 — %2</source>
        <translation>Verdict: %1 — %2</translation>
    </message>
    <message>
        <source>%1, %2 cycles of %3 µs: wake-up latency worst %4 µs; |period error| p99 %5 µs, worst %6 µs; round trip mean %7 µs, worst %8 µs; bad cycles %9</source>
        <translation>%1, %2 cycles of %3 µs: wake-up latency worst %4 µs; |period error| p99 %5 µs, worst %6 µs; round trip mean %7 µs, worst %8 µs; bad cycles %9</translation>
    </message>
    <message>
        <source>, longest time without a good cycle %1 ms (budget %2 ms)</source>
        <translation>, longest time without a good cycle %1 ms (budget %2 ms)</translation>
    </message>
    <message>
        <source>Advice: %1</source>
        <translation>Advice: %1</translation>
    </message>
    <message>
        <source>Latency check</source>
        <translation>Latency check</translation>
    </message>
    <message>
        <source>the bus on %1 is open: stop it first (Stop bus), the check needs the interface to itself</source>
        <translation>the bus on %1 is open: stop it first (Stop bus), the check needs the interface to itself</translation>
    </message>
    <message>
        <source>Installed from the Debian package, ManipLab drives a bus without root for the members of the group maniplab-ethercat: the administrator runs &apos;sudo adduser USER maniplab-ethercat&apos;, and USER logs in again.</source>
        <translation>Installed from the Debian package, ManipLab drives a bus without root for the members of the group maniplab-ethercat: the administrator runs &apos;sudo adduser USER maniplab-ethercat&apos;, and USER logs in again.</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::IdentificationPanel</name>
    <message>
        <source>Identify from a CSV trace</source>
        <translation>Identify from a CSV trace</translation>
    </message>
    <message>
        <source>CSV traces (*.csv);;All files (*)</source>
        <translation>CSV traces (*.csv);;All files (*)</translation>
    </message>
    <message>
        <source>Base parameters: %1</source>
        <translation>Base parameters: %1</translation>
    </message>
    <message>
        <source>Identifying...</source>
        <translation>Identifying...</translation>
    </message>
    <message>
        <source>Identification failed: %1</source>
        <translation>Identification failed: %1</translation>
    </message>
    <message>
        <source>%1 model: %2 base parameters from %3 samples (%4 equations); condition number %5; relative residual %6 %</source>
        <translation>%1 model: %2 base parameters from %3 samples (%4 equations); condition number %5; relative residual %6 %</translation>
    </message>
    <message>
        <source>Identification done (%1 model, condition number %2)</source>
        <translation>Identification done (%1 model, condition number %2)</translation>
    </message>
    <message>
        <source>Base parameter</source>
        <translation>Base parameter</translation>
    </message>
    <message>
        <source>Expression</source>
        <translation>Expression</translation>
    </message>
    <message>
        <source>True value</source>
        <translation>True value</translation>
    </message>
    <message>
        <source>Identified</source>
        <translation>Identified</translation>
    </message>
    <message>
        <source>σ relative %</source>
        <translation>σ relative %</translation>
    </message>
    <message>
        <source>measured τ%1</source>
        <translation>measured τ%1</translation>
    </message>
    <message>
        <source>predicted Y_B π_B</source>
        <translation>predicted Y_B π_B</translation>
    </message>
    <message>
        <source>t [s]</source>
        <translation>t [s]</translation>
    </message>
    <message>
        <source>torque [N m or N]</source>
        <translation>torque [N m or N]</translation>
    </message>
    <message>
        <source>Save the excitation scene</source>
        <translation>Save the excitation scene</translation>
    </message>
    <message>
        <source>Scenes (*.json)</source>
        <translation>Scenes (*.json)</translation>
    </message>
    <message>
        <source>Optimising the excitation (condition number of the observation matrix)...</source>
        <translation>Optimising the excitation (condition number of the observation matrix)...</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
    <message>
        <source>Excitation saved (condition number %1, feasible: %2). Run it, then identify.</source>
        <translation>Excitation saved (condition number %1, feasible: %2). Run it, then identify.</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>yes</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>Excitation failed: %1</source>
        <translation>Excitation failed: %1</translation>
    </message>
    <message>
        <source>%1 base parameters (Belkoura 1993 rules; the count formula gives %2 inertial ones) for %3</source>
        <translation>%1 base parameters (Belkoura 1993 rules; the count formula gives %2 inertial ones) for %3</translation>
    </message>
    <message>
        <source>No robot</source>
        <translation>No robot</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Model:</translation>
    </message>
    <message>
        <source>Dynamic model (weighted least squares)</source>
        <translation>Dynamic model (weighted least squares)</translation>
    </message>
    <message>
        <source>Energy model (no accelerations)</source>
        <translation>Energy model (no accelerations)</translation>
    </message>
    <message>
        <source>Generate an excitation scene...</source>
        <translation>Generate an excitation scene...</translation>
    </message>
    <message>
        <source>Identify the last run</source>
        <translation>Identify the last run</translation>
    </message>
    <message>
        <source>Identify a CSV trace...</source>
        <translation>Identify a CSV trace...</translation>
    </message>
    <message>
        <source>Compare computed torque before / after</source>
        <translation>Compare computed torque before / after</translation>
    </message>
    <message>
        <source>Use the identified model in the model-based controllers</source>
        <translation>Use the identified model in the model-based controllers</translation>
    </message>
    <message>
        <source>Torques of joint</source>
        <translation>Torques of joint</translation>
    </message>
    <message>
        <source>Run an exciting trajectory (or load a trace), then identify.</source>
        <translation>Run an exciting trajectory (or load a trace), then identify.</translation>
    </message>
    <message>
        <source>%1 base parameters for %2, a tree (the rules on each branch, Khalil &amp; Dombre 2002)</source>
        <translation>%1 base parameters for %2, a tree (the rules on each branch, Khalil &amp; Dombre 2002)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::MainWindow</name>
    <message>
        <source>untitled</source>
        <translation>untitled</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Unsaved changes</translation>
    </message>
    <message>
        <source>A simulation is already running</source>
        <translation>A simulation is already running</translation>
    </message>
    <message>
        <source>No controller is selected in the control panel</source>
        <translation>No controller is selected in the control panel</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 s</translation>
    </message>
    <message>
        <source>Run cancelled</source>
        <translation>Run cancelled</translation>
    </message>
    <message numerus="yes">
        <source>Run finished (%n controller(s))</source>
        <translation>
            <numerusform>Run finished (%n controller(s))</numerusform>
            <numerusform>Run finished (%n controller(s))</numerusform>
        </translation>
    </message>
    <message>
        <source>No run to export: run the simulation first</source>
        <translation>No run to export: run the simulation first</translation>
    </message>
    <message>
        <source>Export the last run as CSV</source>
        <translation>Export the last run as CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>%1: traces of %2 written</source>
        <translation>%1: traces of %2 written</translation>
    </message>
    <message>
        <source>Export the plot</source>
        <translation>Export the plot</translation>
    </message>
    <message>
        <source>Images (*.png *.svg)</source>
        <translation>Images (*.png *.svg)</translation>
    </message>
    <message>
        <source>Plot written to %1</source>
        <translation>Plot written to %1</translation>
    </message>
    <message>
        <source>%1: cannot export the plot: %2</source>
        <translation>%1: cannot export the plot: %2</translation>
    </message>
    <message>
        <source>Export the comparison table</source>
        <translation>Export the comparison table</translation>
    </message>
    <message>
        <source>Comparison table written to %1</source>
        <translation>Comparison table written to %1</translation>
    </message>
    <message>
        <source>Equations in use</source>
        <translation>Equations in use</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Robot dynamics (Llibre, Mampey &amp; Chrétien 1983 §II, §IV)&lt;/h3&gt;&lt;p&gt;M(q) q̈ + C(q, q̇) q̇ + G(q) + τ&lt;sub&gt;f&lt;/sub&gt;(q̇) = τ, with the rotor inertias of the actuators; simulated as q̈ = M&lt;sup&gt;-1&lt;/sup&gt;(τ − Q(q, q̇, 0)) (Cholesky or articulated bodies).&lt;/p&gt;&lt;p&gt;Friction: τ&lt;sub&gt;f&lt;/sub&gt; = F&lt;sub&gt;v&lt;/sub&gt; q̇ + F&lt;sub&gt;c&lt;/sub&gt; sign(q̇).&lt;/p&gt;&lt;h3&gt;Independent-joint PID&lt;/h3&gt;&lt;p&gt;τ = K&lt;sub&gt;p&lt;/sub&gt; e + K&lt;sub&gt;i&lt;/sub&gt; ∫e dt − K&lt;sub&gt;d&lt;/sub&gt; q̇&lt;sub&gt;f&lt;/sub&gt;, e = q&lt;sub&gt;d&lt;/sub&gt; − q, filtered derivative on the measurement, anti-windup, saturation.&lt;/p&gt;&lt;h3&gt;PD + gravity&lt;/h3&gt;&lt;p&gt;τ = K&lt;sub&gt;p&lt;/sub&gt; e + K&lt;sub&gt;d&lt;/sub&gt; ė + Ĝ(q).&lt;/p&gt;&lt;h3&gt;Computed torque (Zanaboni 2009, eqs 7.1–7.8)&lt;/h3&gt;&lt;p&gt;τ = M̂(q) (q̈&lt;sub&gt;d&lt;/sub&gt; + K&lt;sub&gt;v&lt;/sub&gt; ė + K&lt;sub&gt;p&lt;/sub&gt; e) + Ĉ(q, q̇) q̇ + Ĝ(q) (+ friction compensation); error dynamics ë + K&lt;sub&gt;v&lt;/sub&gt; ė + K&lt;sub&gt;p&lt;/sub&gt; e = 0.&lt;/p&gt;&lt;h3&gt;Gain design (eqs 7.9–7.17)&lt;/h3&gt;&lt;p&gt;K&lt;sub&gt;p&lt;/sub&gt; = ω&lt;sub&gt;n&lt;/sub&gt;&lt;sup&gt;2&lt;/sup&gt;, K&lt;sub&gt;v&lt;/sub&gt; = 2 ζ ω&lt;sub&gt;n&lt;/sub&gt;; or with the response time T&lt;sub&gt;r&lt;/sub&gt; (5 %): λ&lt;sub&gt;0&lt;/sub&gt; = −4.73 / T&lt;sub&gt;r&lt;/sub&gt;, K&lt;sub&gt;p&lt;/sub&gt; = λ&lt;sub&gt;0&lt;/sub&gt;&lt;sup&gt;2&lt;/sup&gt;, K&lt;sub&gt;v&lt;/sub&gt; = −2 λ&lt;sub&gt;0&lt;/sub&gt;.&lt;/p&gt;&lt;h3&gt;Energy balance (Llibre, Mampey &amp; Chrétien 1983 §IV.2)&lt;/h3&gt;&lt;p&gt;E − E&lt;sub&gt;0&lt;/sub&gt; − W = 0 (drift channel E_drift).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Robot dynamics (Llibre, Mampey &amp; Chrétien 1983 §II, §IV)&lt;/h3&gt;&lt;p&gt;M(q) q̈ + C(q, q̇) q̇ + G(q) + τ&lt;sub&gt;f&lt;/sub&gt;(q̇) = τ, with the rotor inertias of the actuators; simulated as q̈ = M&lt;sup&gt;-1&lt;/sup&gt;(τ − Q(q, q̇, 0)) (Cholesky or articulated bodies).&lt;/p&gt;&lt;p&gt;Friction: τ&lt;sub&gt;f&lt;/sub&gt; = F&lt;sub&gt;v&lt;/sub&gt; q̇ + F&lt;sub&gt;c&lt;/sub&gt; sign(q̇).&lt;/p&gt;&lt;h3&gt;Independent-joint PID&lt;/h3&gt;&lt;p&gt;τ = K&lt;sub&gt;p&lt;/sub&gt; e + K&lt;sub&gt;i&lt;/sub&gt; ∫e dt − K&lt;sub&gt;d&lt;/sub&gt; q̇&lt;sub&gt;f&lt;/sub&gt;, e = q&lt;sub&gt;d&lt;/sub&gt; − q, filtered derivative on the measurement, anti-windup, saturation.&lt;/p&gt;&lt;h3&gt;PD + gravity&lt;/h3&gt;&lt;p&gt;τ = K&lt;sub&gt;p&lt;/sub&gt; e + K&lt;sub&gt;d&lt;/sub&gt; ė + Ĝ(q).&lt;/p&gt;&lt;h3&gt;Computed torque (Zanaboni 2009, eqs 7.1–7.8)&lt;/h3&gt;&lt;p&gt;τ = M̂(q) (q̈&lt;sub&gt;d&lt;/sub&gt; + K&lt;sub&gt;v&lt;/sub&gt; ė + K&lt;sub&gt;p&lt;/sub&gt; e) + Ĉ(q, q̇) q̇ + Ĝ(q) (+ friction compensation); error dynamics ë + K&lt;sub&gt;v&lt;/sub&gt; ė + K&lt;sub&gt;p&lt;/sub&gt; e = 0.&lt;/p&gt;&lt;h3&gt;Gain design (eqs 7.9–7.17)&lt;/h3&gt;&lt;p&gt;K&lt;sub&gt;p&lt;/sub&gt; = ω&lt;sub&gt;n&lt;/sub&gt;&lt;sup&gt;2&lt;/sup&gt;, K&lt;sub&gt;v&lt;/sub&gt; = 2 ζ ω&lt;sub&gt;n&lt;/sub&gt;; or with the response time T&lt;sub&gt;r&lt;/sub&gt; (5 %): λ&lt;sub&gt;0&lt;/sub&gt; = −4.73 / T&lt;sub&gt;r&lt;/sub&gt;, K&lt;sub&gt;p&lt;/sub&gt; = λ&lt;sub&gt;0&lt;/sub&gt;&lt;sup&gt;2&lt;/sup&gt;, K&lt;sub&gt;v&lt;/sub&gt; = −2 λ&lt;sub&gt;0&lt;/sub&gt;.&lt;/p&gt;&lt;h3&gt;Energy balance (Llibre, Mampey &amp; Chrétien 1983 §IV.2)&lt;/h3&gt;&lt;p&gt;E − E&lt;sub&gt;0&lt;/sub&gt; − W = 0 (drift channel E_drift).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>Recent &amp;files</source>
        <translation>Recent &amp;files</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Export</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>&amp;Simulation</translation>
    </message>
    <message>
        <source>S&amp;peed</source>
        <translation>S&amp;peed</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;New</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>&amp;Open...</translation>
    </message>
    <message>
        <source>&amp;Save robot</source>
        <translation>&amp;Save robot</translation>
    </message>
    <message>
        <source>Save robot &amp;as...</source>
        <translation>Save robot &amp;as...</translation>
    </message>
    <message>
        <source>Last run as &amp;CSV...</source>
        <translation>Last run as &amp;CSV...</translation>
    </message>
    <message>
        <source>&amp;Plot image...</source>
        <translation>&amp;Plot image...</translation>
    </message>
    <message>
        <source>Comparison &amp;table (CSV)...</source>
        <translation>Comparison &amp;table (CSV)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Undo</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Redo</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Run</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Single s&amp;tep</source>
        <translation>Single s&amp;tep</translation>
    </message>
    <message>
        <source>R&amp;eset</source>
        <translation>R&amp;eset</translation>
    </message>
    <message>
        <source>x0.1</source>
        <translation>x0.1</translation>
    </message>
    <message>
        <source>x0.5</source>
        <translation>x0.5</translation>
    </message>
    <message>
        <source>x1 (real time)</source>
        <translation>x1 (real time)</translation>
    </message>
    <message>
        <source>x2</source>
        <translation>x2</translation>
    </message>
    <message>
        <source>x10</source>
        <translation>x10</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>As fast as possible</translation>
    </message>
    <message>
        <source>Show &amp;frames</source>
        <translation>Show &amp;frames</translation>
    </message>
    <message>
        <source>Show centres of &amp;mass</source>
        <translation>Show centres of &amp;mass</translation>
    </message>
    <message>
        <source>Show joint &amp;axes</source>
        <translation>Show joint &amp;axes</translation>
    </message>
    <message>
        <source>&amp;About ManipLab</source>
        <translation>&amp;About ManipLab</translation>
    </message>
    <message>
        <source>&amp;Equations in use</source>
        <translation>&amp;Equations in use</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>Main toolbar</translation>
    </message>
    <message>
        <source>Control panel</source>
        <translation>Control panel</translation>
    </message>
    <message>
        <source>Oscilloscope</source>
        <translation>Oscilloscope</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Metrics</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>Open a scene or a robot</source>
        <translation>Open a scene or a robot</translation>
    </message>
    <message>
        <source>About ManipLab</source>
        <translation>About ManipLab</translation>
    </message>
    <message>
        <source>Cannot open the start scene %1</source>
        <translation>Cannot open the start scene %1</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: no such file</translation>
    </message>
    <message>
        <source>%1: cannot read the file</source>
        <translation>%1: cannot read the file</translation>
    </message>
    <message>
        <source>%1: the scene was not loaded (see the messages above)</source>
        <translation>%1: the scene was not loaded (see the messages above)</translation>
    </message>
    <message>
        <source>Scene %1 loaded (%2)</source>
        <translation>Scene %1 loaded (%2)</translation>
    </message>
    <message>
        <source>%1: the robot was not loaded (see the messages above)</source>
        <translation>%1: the robot was not loaded (see the messages above)</translation>
    </message>
    <message numerus="yes">
        <source>Robot %1 loaded into the current scene (the trajectory and gains must match its %n joint(s))</source>
        <translation>
            <numerusform>Robot %1 loaded into the current scene (the trajectory and gains must match its %n joint(s))</numerusform>
            <numerusform>Robot %1 loaded into the current scene (the trajectory and gains must match its %n joint(s))</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Run at least two controllers to compare them</source>
        <translation>Run at least two controllers to compare them</translation>
    </message>
    <message>
        <source>The runs did not record the joint errors (record group &quot;error&quot;)</source>
        <translation>The runs did not record the joint errors (record group &quot;error&quot;)</translation>
    </message>
    <message>
        <source>&amp;Compare the controllers on the scope</source>
        <translation>&amp;Compare the controllers on the scope</translation>
    </message>
    <message>
        <source>&amp;Algorithms and operation counts</source>
        <translation>&amp;Algorithms and operation counts</translation>
    </message>
    <message>
        <source>%1 imported: File &gt; Save As writes it as a ManipLab robot file</source>
        <translation>%1 imported: File &gt; Save As writes it as a ManipLab robot file</translation>
    </message>
    <message>
        <source>Guided sequential identification: %1</source>
        <translation>Guided sequential identification: %1</translation>
    </message>
    <message>
        <source>&amp;Import URDF...</source>
        <translation>&amp;Import URDF...</translation>
    </message>
    <message>
        <source>Load a URDF robot (ROS, vendors) into the current scene</source>
        <translation>Load a URDF robot (ROS, vendors) into the current scene</translation>
    </message>
    <message>
        <source>&amp;Guided sequential identification (TH8)...</source>
        <translation>&amp;Guided sequential identification (TH8)...</translation>
    </message>
    <message>
        <source>Belkoura&apos;s (1993) 14 tests on the current robot, one step at a time, in their corrected form</source>
        <translation>Belkoura&apos;s (1993) 14 tests on the current robot, one step at a time, in their corrected form</translation>
    </message>
    <message>
        <source>Conservation</source>
        <translation>Conservation</translation>
    </message>
    <message>
        <source>Scenes and robots (*.json *.urdf)</source>
        <translation>Scenes and robots (*.json *.urdf)</translation>
    </message>
    <message>
        <source>Import a URDF robot</source>
        <translation>Import a URDF robot</translation>
    </message>
    <message>
        <source>URDF robots (*.urdf)</source>
        <translation>URDF robots (*.urdf)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ManipLab %1&lt;/h3&gt;&lt;p&gt;Simulating, controlling and teaching the dynamics of robot manipulators: serial chains (DH, modified DH, general frames, URDF), exact recursive dynamics, independent-joint PID and computed-torque control, a free-floating base, the Orthoglide parallel robot, base-parameter identification and EtherCAT drives.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ManipLab %1&lt;/h3&gt;&lt;p&gt;Simulating, controlling and teaching the dynamics of robot manipulators: serial chains (DH, modified DH, general frames, URDF), exact recursive dynamics, independent-joint PID and computed-torque control, a free-floating base, the Orthoglide parallel robot, base-parameter identification and EtherCAT drives.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1: the scene was not saved (an existing file is left unchanged): %2</source>
        <translation>%1: the scene was not saved (an existing file is left unchanged): %2</translation>
    </message>
    <message>
        <source>Scene saved to %1</source>
        <translation>Scene saved to %1</translation>
    </message>
    <message>
        <source>Save the scene</source>
        <translation>Save the scene</translation>
    </message>
    <message>
        <source>Scenes (*.json)</source>
        <translation>Scenes (*.json)</translation>
    </message>
    <message>
        <source>Joint %1</source>
        <translation>Joint %1</translation>
    </message>
    <message>
        <source>Joints %1-%2</source>
        <translation>Joints %1-%2</translation>
    </message>
    <message>
        <source>The scope shows %1 joints at a time: its Page selector shows the others</source>
        <translation>The scope shows %1 joints at a time: its Page selector shows the others</translation>
    </message>
    <message>
        <source>Write the robot of the chain editor to its robot file</source>
        <translation>Write the robot of the chain editor to its robot file</translation>
    </message>
    <message>
        <source>Save s&amp;cene</source>
        <translation>Save s&amp;cene</translation>
    </message>
    <message>
        <source>Write the scene with the control panel&apos;s settings (trajectory, controllers, gains, rates...)</source>
        <translation>Write the scene with the control panel&apos;s settings (trajectory, controllers, gains, rates...)</translation>
    </message>
    <message>
        <source>Sa&amp;ve scene as...</source>
        <translation>Sa&amp;ve scene as...</translation>
    </message>
    <message>
        <source>Show floor &amp;grid</source>
        <translation>Show floor &amp;grid</translation>
    </message>
    <message>
        <source>Show &amp;desired tool path</source>
        <translation>Show &amp;desired tool path</translation>
    </message>
    <message>
        <source>Show a&amp;ctual tool path</source>
        <translation>Show a&amp;ctual tool path</translation>
    </message>
    <message>
        <source>Fit to &amp;robot</source>
        <translation>Fit to &amp;robot</translation>
    </message>
    <message>
        <source>Frame the whole robot in the 3D view</source>
        <translation>Frame the whole robot in the 3D view</translation>
    </message>
    <message>
        <source>Save the chain to %1 with File &gt; Save As before saving the scene</source>
        <translation>Save the chain to %1 with File &gt; Save As before saving the scene</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>&amp;Presentation mode</translation>
    </message>
    <message>
        <source>Only the 3D view and the oscilloscope, full screen, with large fonts and time (F11 to leave)</source>
        <translation>Only the 3D view and the oscilloscope, full screen, with large fonts and time (F11 to leave)</translation>
    </message>
    <message>
        <source>Presentation</source>
        <translation>Presentation</translation>
    </message>
    <message>
        <source>Leave (F11)</source>
        <translation>Leave (F11)</translation>
    </message>
    <message>
        <source>Leave the presentation mode and restore the window&apos;s layout</source>
        <translation>Leave the presentation mode and restore the window&apos;s layout</translation>
    </message>
    <message>
        <source>Export the robot as URDF</source>
        <translation>Export the robot as URDF</translation>
    </message>
    <message>
        <source>%1: the URDF was not exported: %2</source>
        <translation>%1: the URDF was not exported: %2</translation>
    </message>
    <message>
        <source>%1: the URDF was not exported (an existing file is left unchanged): %2</source>
        <translation>%1: the URDF was not exported (an existing file is left unchanged): %2</translation>
    </message>
    <message numerus="yes">
        <source>Robot exported as URDF to %1 (%n joint(s))</source>
        <translation>
            <numerusform>Robot exported as URDF to %1 (%n joint)</numerusform>
            <numerusform>Robot exported as URDF to %1 (%n joints)</numerusform>
        </translation>
    </message>
    <message>
        <source>Export &amp;URDF...</source>
        <translation>Export &amp;URDF...</translation>
    </message>
    <message>
        <source>Write the robot as a URDF file (ROS and other tools read it)</source>
        <translation>Write the robot as a URDF file (ROS and other tools read it)</translation>
    </message>
    <message>
        <source>Resume the paused run</source>
        <translation>Resume the paused run</translation>
    </message>
    <message>
        <source>Run the selected controllers</source>
        <translation>Run the selected controllers</translation>
    </message>
    <message>
        <source>Pause or resume the run in progress</source>
        <translation>Pause or resume the run in progress</translation>
    </message>
    <message>
        <source>Pause acts on a run in progress: start one with Run</source>
        <translation>Pause acts on a run in progress: start one with Run</translation>
    </message>
    <message>
        <source>Running: t = %1 s</source>
        <translation>Running: t = %1 s</translation>
    </message>
    <message>
        <source>Running %1: t = %2 s</source>
        <translation>Running %1: t = %2 s</translation>
    </message>
    <message>
        <source>Paused at t = %1 s: Run or Pause resumes</source>
        <translation>Paused at t = %1 s: Run or Pause resumes</translation>
    </message>
    <message>
        <source>Finished: t = %1 s</source>
        <translation>Finished: t = %1 s</translation>
    </message>
    <message>
        <source>Cancelled at t = %1 s</source>
        <translation>Cancelled at t = %1 s</translation>
    </message>
    <message>
        <source>%1 and %2 side by side</source>
        <translation>%1 and %2 side by side</translation>
    </message>
    <message>
        <source>Scope: joint errors of %1 (solid) and %2 (dashed), one scale per joint</source>
        <translation>Scope: joint errors of %1 (solid) and %2 (dashed), one scale per joint</translation>
    </message>
    <message>
        <source>error of joint %1</source>
        <translation>error of joint %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Every CSV file it exports names this version, the scene and the robot in its first line.&lt;/p&gt;&lt;p&gt;Qt %1. Robots and example scenes: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;Every CSV file it exports names this version, the scene and the robot in its first line.&lt;/p&gt;&lt;p&gt;Qt %1. Robots and example scenes: %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open &amp;example</source>
        <translation>Open &amp;example</translation>
    </message>
    <message>
        <source>The unsaved edits could not be kept in the recovery file %1 (they would be lost if ManipLab ended abnormally; saving them is unaffected): %2</source>
        <translation>The unsaved edits could not be kept in the recovery file %1 (they would be lost if ManipLab ended abnormally; saving them is unaffected): %2</translation>
    </message>
    <message>
        <source>never saved</source>
        <translation>never saved</translation>
    </message>
    <message>
        <source>ManipLab did not end normally. Unsaved edits of that session were kept on %1:</source>
        <translation>ManipLab did not end normally. Unsaved edits of that session were kept on %1:</translation>
    </message>
    <message>
        <source>• the scene &quot;%1&quot; (%2)</source>
        <translation>• the scene &quot;%1&quot; (%2)</translation>
    </message>
    <message>
        <source>• the robot &quot;%1&quot; (%2) of the scene &quot;%3&quot;</source>
        <translation>• the robot &quot;%1&quot; (%2) of the scene &quot;%3&quot;</translation>
    </message>
    <message>
        <source>Recover unsaved edits</source>
        <translation>Recover unsaved edits</translation>
    </message>
    <message>
        <source>Restore them? They come back as unsaved edits of their files: save them to keep them. Discard deletes them.</source>
        <translation>Restore them? They come back as unsaved edits of their files: save them to keep them. Discard deletes them.</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Restore</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Discard</translation>
    </message>
    <message>
        <source>The recovered edits were not restored (the recovery file %1 is kept): %2</source>
        <translation>The recovered edits were not restored (the recovery file %1 is kept): %2</translation>
    </message>
    <message>
        <source>the scene does not read (see the messages above)</source>
        <translation>the scene does not read (see the messages above)</translation>
    </message>
    <message>
        <source>its scene cannot be opened</source>
        <translation>its scene cannot be opened</translation>
    </message>
    <message>
        <source>Unsaved edits of %1 restored: save them to keep them</source>
        <translation>Unsaved edits of %1 restored: save them to keep them</translation>
    </message>
    <message>
        <source>Save the tree with File &gt; Save As before saving the scene</source>
        <translation>Save the tree with File &gt; Save As before saving the scene</translation>
    </message>
    <message numerus="yes">
        <source>Robot %1 loaded into the current scene: its trajectory and gains, written for %2 joints, were fitted to the robot&apos;s %n joint(s) (new joints hold their home position with the last joint&apos;s gains): check them in the control panel</source>
        <translation>
            <numerusform>Robot %1 loaded into the current scene: its trajectory and gains, written for %2 joints, were fitted to the robot&apos;s %n joint (new joints hold their home position with the last joint&apos;s gains): check them in the control panel</numerusform>
            <numerusform>Robot %1 loaded into the current scene: its trajectory and gains, written for %2 joints, were fitted to the robot&apos;s %n joints (new joints hold their home position with the last joint&apos;s gains): check them in the control panel</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>maniplab::ui::MessageArea</name>
    <message>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::MetricsView</name>
    <message>
        <source>no run to export</source>
        <translation>no run to export</translation>
    </message>
    <message>
        <source>Export comparison table</source>
        <translation>Export comparison table</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Comparison table written to %1</source>
        <translation>Comparison table written to %1</translation>
    </message>
    <message>
        <source>Cannot export the comparison table: %1</source>
        <translation>Cannot export the comparison table: %1</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>Export CSV...</translation>
    </message>
    <message>
        <source>max |e|</source>
        <translation>max |e|</translation>
    </message>
    <message>
        <source>RMS e</source>
        <translation>RMS e</translation>
    </message>
    <message>
        <source>e steady</source>
        <translation>e steady</translation>
    </message>
    <message>
        <source>rel. %</source>
        <translation>rel. %</translation>
    </message>
    <message>
        <source>RMS torque</source>
        <translation>RMS torque</translation>
    </message>
    <message>
        <source>peak torque</source>
        <translation>peak torque</translation>
    </message>
    <message>
        <source>final</source>
        <translation>final</translation>
    </message>
    <message>
        <source>joint %1</source>
        <translation>joint %1</translation>
    </message>
    <message>
        <source>no sample was recorded</source>
        <translation>no sample was recorded</translation>
    </message>
    <message>
        <source>the run stopped before the end of the segment</source>
        <translation>the run stopped before the end of the segment</translation>
    </message>
    <message>
        <source>the displacement of the move is below the threshold %1 (rad or m): too small a move to divide by</source>
        <translation>the displacement of the move is below the threshold %1 (rad or m): too small a move to divide by</translation>
    </message>
    <message>
        <source>Tracking metrics</source>
        <translation>Tracking metrics</translation>
    </message>
    <message>
        <source>Computed online at the full control rate for each controller. Joint values in rad (revolute) or m (prismatic), torques in N m or N; Cartesian axes phi, theta, psi (Euler X-Y-Z angles, rad) and X, Y, Z (m). Source: Zanaboni 2009, chapter 10.</source>
        <translation>Computed online at the full control rate for each controller. Joint values in rad (revolute) or m (prismatic), torques in N m or N; Cartesian axes phi, theta, psi (Euler X-Y-Z angles, rad) and X, Y, Z (m). Source: Zanaboni 2009, chapter 10.</translation>
    </message>
    <message>
        <source>displacement</source>
        <translation>displacement</translation>
    </message>
    <message>
        <source>segment</source>
        <translation>segment</translation>
    </message>
    <message>
        <source>rel. to final %</source>
        <translation>rel. to final %</translation>
    </message>
    <message>
        <source>largest absolute tracking error over the run (Zanaboni 2009, Tables 10.3 and 10.4, maximum deviation). Joint error e = desired - actual; Cartesian error e = actual - desired (Table 10.2), Euler angles wrapped to [-pi, pi].</source>
        <translation>largest absolute tracking error over the run (Zanaboni 2009, Tables 10.3 and 10.4, maximum deviation). Joint error e = desired - actual; Cartesian error e = actual - desired (Table 10.2), Euler angles wrapped to [-pi, pi].</translation>
    </message>
    <message>
        <source>root mean square of the error over the run, weighted by time: sqrt(sum e^2 dt / sum dt) (an addition: the thesis has no RMS).</source>
        <translation>root mean square of the error over the run, weighted by time: sqrt(sum e^2 dt / sum dt) (an addition: the thesis has no RMS).</translation>
    </message>
    <message>
        <source>mean error over the hold after the trajectory ends (the error of the last sample when the run has no hold).</source>
        <translation>mean error over the hold after the trajectory ends (the error of the last sample when the run has no hold).</translation>
    </message>
    <message>
        <source>relative error as Zanaboni 2009 defines it (Table 10.1): |error at the end of a segment| / |displacement of the segment| x 100, for each segment of the trajectory (between via points; the whole move for a single segment), and the largest over the segments is shown. The error at an interior via point is the tracking error when the reference passes it; for the last segment it is the steady-state error. The same definition for joints and Cartesian axes. n/a when the displacement is below 0.001 (1 mrad = 0.057 deg, or 1 mm): dividing by so small a move measures nothing.</source>
        <translation>relative error as Zanaboni 2009 defines it (Table 10.1): |error at the end of a segment| / |displacement of the segment| x 100, for each segment of the trajectory (between via points; the whole move for a single segment), and the largest over the segments is shown. The error at an interior via point is the tracking error when the reference passes it; for the last segment it is the steady-state error. The same definition for joints and Cartesian axes. n/a when the displacement is below 0.001 (1 mrad = 0.057 deg, or 1 mm): dividing by so small a move measures nothing.</translation>
    </message>
    <message>
        <source>final - initial desired joint value of the whole trajectory (Table 10.1); zero for a trajectory that returns to its start, which is why the relative error is taken per segment.</source>
        <translation>final - initial desired joint value of the whole trajectory (Table 10.1); zero for a trajectory that returns to its start, which is why the relative error is taken per segment.</translation>
    </message>
    <message>
        <source>root mean square of the applied joint torque (force), weighted by time.</source>
        <translation>root mean square of the applied joint torque (force), weighted by time.</translation>
    </message>
    <message>
        <source>largest absolute applied joint torque (force) over the run.</source>
        <translation>largest absolute applied joint torque (force) over the run.</translation>
    </message>
    <message>
        <source>actual Cartesian value at the end of the run (Table 10.2).</source>
        <translation>actual Cartesian value at the end of the run (Table 10.2).</translation>
    </message>
    <message>
        <source>the segment (1 = the first) whose relative error is the largest, the one shown as relativeErrorPercent.</source>
        <translation>the segment (1 = the first) whose relative error is the largest, the one shown as relativeErrorPercent.</translation>
    </message>
    <message>
        <source>Cartesian only: |steady-state error| / |final measured value| x 100, the denominator of the thesis&apos;s Table 10.2, kept for comparison with it. It depends on where the world origin is and is meaningless near 0: n/a when |final value| is below 0.001.</source>
        <translation>Cartesian only: |steady-state error| / |final measured value| x 100, the denominator of the thesis&apos;s Table 10.2, kept for comparison with it. It depends on where the world origin is and is meaningless near 0: n/a when |final value| is below 0.001.</translation>
    </message>
    <message>
        <source>n/a: %1</source>
        <translation>n/a: %1</translation>
    </message>
    <message numerus="yes">
        <source>Largest relative error over %n segment(s): segment %1.</source>
        <translation>
            <numerusform>Largest relative error over %n segment: segment %1.</numerusform>
            <numerusform>Largest relative error over %n segments: segment %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>segment %1 (%2 s to %3 s)</source>
        <translation>segment %1 (%2 s to %3 s)</translation>
    </message>
    <message>
        <source>%1: |e| %2 / |displacement| %3 = %4 %</source>
        <translation>%1: |e| %2 / |displacement| %3 = %4 %</translation>
    </message>
    <message>
        <source>%1: n/a, %2</source>
        <translation>%1: n/a, %2</translation>
    </message>
    <message>
        <source>Writes the table with every metric&apos;s definition in its header comments</source>
        <translation>Writes the table with every metric&apos;s definition in its header comments</translation>
    </message>
    <message>
        <source>Joint errors e = q_d - q [rad or m], torques [N m or N]; Cartesian errors = actual - desired [rad, m]; steady state over the hold after the trajectory; rel. % per segment (Zanaboni 2009). Hover a header for its definition, an n/a for its reason.</source>
        <translation>Joint errors e = q_d - q [rad or m], torques [N m or N]; Cartesian errors = actual - desired [rad, m]; steady state over the hold after the trajectory; rel. % per segment (Zanaboni 2009). Hover a header for its definition, an n/a for its reason.</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/a</translation>
    </message>
    <message>
        <source>Better: %1 has %2 = %3 on %4, %5 has %6: %7 times smaller.</source>
        <translation>Better: %1 has %2 = %3 on %4, %5 has %6: %7 times smaller.</translation>
    </message>
    <message>
        <source>Better: %1 has %2 = 0 on %3, %4 has %5.</source>
        <translation>Better: %1 has %2 = 0 on %3, %4 has %5.</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Green: the better controller; ×F: its error is F times smaller.</source>
        <translation>Green: the better controller; ×F: its error is F times smaller.</translation>
    </message>
    <message>
        <source>joint %1</source>
        <comment>metrics table row header (short)</comment>
        <translation>joint %1</translation>
    </message>
    <message>
        <source>RMS τ</source>
        <translation>RMS τ</translation>
    </message>
    <message>
        <source>peak τ</source>
        <translation>peak τ</translation>
    </message>
    <message>
        <source>e steady</source>
        <comment>metrics table column header (short)</comment>
        <translation>e steady</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <comment>a better controller&apos;s value over its factor</comment>
        <translation>%1
%2</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ObjectDictionaryBrowser</name>
    <message>
        <source>Slave:</source>
        <translation>Slave:</translation>
    </message>
    <message>
        <source>Read dictionary</source>
        <translation>Read dictionary</translation>
    </message>
    <message>
        <source>List the slave&apos;s objects and entries by SDO information (ETG.1000.6)</source>
        <translation>List the slave&apos;s objects and entries by SDO information (ETG.1000.6)</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Data type</source>
        <translation>Data type</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>Bits</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Access</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>Value:</translation>
    </message>
    <message>
        <source>Integers in decimal or 0x hex, REAL32 as a number, strings as text, other types as hex bytes</source>
        <translation>Integers in decimal or 0x hex, REAL32 as a number, strings as text, other types as hex bytes</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Read</translation>
    </message>
    <message>
        <source>Read the selected entry by SDO upload</source>
        <translation>Read the selected entry by SDO upload</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>Write</translation>
    </message>
    <message>
        <source>Write the value to the selected entry by SDO download (not during a run)</source>
        <translation>Write the value to the selected entry by SDO download (not during a run)</translation>
    </message>
    <message>
        <source>read/write</source>
        <translation>read/write</translation>
    </message>
    <message>
        <source>read only</source>
        <translation>read only</translation>
    </message>
    <message>
        <source>Scan or start the bus, choose a slave, read its dictionary.</source>
        <translation>Scan or start the bus, choose a slave, read its dictionary.</translation>
    </message>
    <message>
        <source>slave %1</source>
        <translation>slave %1</translation>
    </message>
    <message>
        <source>slave %1 (%2)</source>
        <translation>slave %1 (%2)</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>busy</translation>
    </message>
    <message>
        <source>%1 …</source>
        <translation>%1 …</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 failed: %2</translation>
    </message>
    <message>
        <source>no bus: scan or start it first</source>
        <translation>no bus: scan or start it first</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s) of slave %1</source>
        <translation>
            <numerusform>%n object of slave %1</numerusform>
            <numerusform>%n objects of slave %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Read %1:%2</source>
        <translation>Read %1:%2</translation>
    </message>
    <message>
        <source>%1:%2 read</source>
        <translation>%1:%2 read</translation>
    </message>
    <message>
        <source>(not readable)</source>
        <translation>(not readable)</translation>
    </message>
    <message>
        <source>choose an entry first</source>
        <translation>choose an entry first</translation>
    </message>
    <message>
        <source>%1:%2: %3</source>
        <translation>%1:%2: %3</translation>
    </message>
    <message>
        <source>Write %1:%2</source>
        <translation>Write %1:%2</translation>
    </message>
    <message>
        <source>written</source>
        <translation>written</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::OrthoglideEditor</name>
    <message>
        <source>a (K = (0, 0, a))</source>
        <translation>a (K = (0, 0, a))</translation>
    </message>
    <message>
        <source>platform mass M_p</source>
        <translation>platform mass M_p</translation>
    </message>
    <message>
        <source>leg %1</source>
        <translation>leg %1</translation>
    </message>
    <message>
        <source>%1: r2 (half bar spacing)</source>
        <translation>%1: r2 (half bar spacing)</translation>
    </message>
    <message>
        <source>%1: D4 (bar length)</source>
        <translation>%1: D4 (bar length)</translation>
    </message>
    <message>
        <source>%1: D6 (far link to P)</source>
        <translation>%1: D6 (far link to P)</translation>
    </message>
    <message>
        <source>%1, body %2</source>
        <translation>%1, body %2</translation>
    </message>
    <message>
        <source>%1: mass</source>
        <translation>%1: mass</translation>
    </message>
    <message>
        <source>%1: centre of mass %2</source>
        <translation>%1: centre of mass %2</translation>
    </message>
    <message>
        <source>%1: inertia I%2%3</source>
        <translation>%1: inertia I%2%3</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unit</translation>
    </message>
    <message>
        <source>%1: cannot open the file</source>
        <translation>%1: cannot open the file</translation>
    </message>
    <message>
        <source>%1: not valid JSON</source>
        <translation>%1: not valid JSON</translation>
    </message>
    <message>
        <source>%1: not a JSON object</source>
        <translation>%1: not a JSON object</translation>
    </message>
    <message>
        <source>%1: valid</source>
        <translation>%1: valid</translation>
    </message>
    <message>
        <source>%1: cannot write the file</source>
        <translation>%1: cannot write the file</translation>
    </message>
    <message>
        <source>%1: not an editable parameter</source>
        <translation>%1: not an editable parameter</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a finite number</source>
        <translation>%1: &quot;%2&quot; is not a finite number</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::PendulumEditor</name>
    <message>
        <source>Small-angle period 2π √(l/g): %1 s (g = %2 m/s²)</source>
        <translation>Small-angle period 2π √(l/g): %1 s (g = %2 m/s²)</translation>
    </message>
    <message>
        <source>&amp;Length l</source>
        <translation>&amp;Length l</translation>
    </message>
    <message>
        <source>&amp;Mass m</source>
        <translation>&amp;Mass m</translation>
    </message>
    <message>
        <source>&amp;Damping b</source>
        <translation>&amp;Damping b</translation>
    </message>
    <message>
        <source>Length of the massless rod, from the pivot to the point mass</source>
        <translation>Length of the massless rod, from the pivot to the point mass</translation>
    </message>
    <message>
        <source>Mass of the bob (a point mass at the end of the rod)</source>
        <translation>Mass of the bob (a point mass at the end of the rod)</translation>
    </message>
    <message>
        <source>Viscous friction at the pivot: a torque −b θ̇</source>
        <translation>Viscous friction at the pivot: a torque −b θ̇</translation>
    </message>
    <message>
        <source>m l² θ̈ = τ − m g l sin θ − b θ̇ − c sign θ̇ (Landau &amp; Lifshitz 1976, §11, with friction). The edits are the scene&apos;s: File &gt; Save scene writes them.</source>
        <translation>m l² θ̈ = τ − m g l sin θ − b θ̇ − c sign θ̇ (Landau &amp; Lifshitz 1976, §11, with friction). The edits are the scene&apos;s: File &gt; Save scene writes them.</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::RobotView</name>
    <message>
        <source>The 3D view needs OpenGL, which this display does not offer. Runs, the oscilloscope, the metrics and the editors work without it.</source>
        <translation>The 3D view needs OpenGL, which this display does not offer. Runs, the oscilloscope, the metrics and the editors work without it.</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::SceneDocument</name>
    <message>
        <source>untitled</source>
        <translation>untitled</translation>
    </message>
    <message>
        <source>the open scene&apos;s robot is fixed by its file; open a serial scene first</source>
        <translation>the open scene&apos;s robot is fixed by its file; open a serial scene first</translation>
    </message>
    <message>
        <source>open a scene first (a robot replaces the robot of the current scene)</source>
        <translation>open a scene first (a robot replaces the robot of the current scene)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ScopeControls</name>
    <message>
        <source>Trace colour</source>
        <translation>Trace colour</translation>
    </message>
    <message>
        <source>Scope: live — click to freeze</source>
        <translation>Scope: live — click to freeze</translation>
    </message>
    <message>
        <source>Scope: frozen — click to go live</source>
        <translation>Scope: frozen — click to go live</translation>
    </message>
    <message>
        <source> /div</source>
        <translation> /div</translation>
    </message>
    <message>
        <source>%1/div</source>
        <translation>%1/div</translation>
    </message>
    <message>
        <source>Freezes or resumes the scope&apos;s display only; the data keep being recorded. The simulation is run, paused and stopped from the Simulation menu.</source>
        <translation>Freezes or resumes the scope&apos;s display only; the data keep being recorded. The simulation is run, paused and stopped from the Simulation menu.</translation>
    </message>
    <message>
        <source>&amp;Page:</source>
        <translation>&amp;Page:</translation>
    </message>
    <message>
        <source>Which group of sources the channels show</source>
        <translation>Which group of sources the channels show</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Channel</translation>
    </message>
    <message>
        <source>On</source>
        <translation>On</translation>
    </message>
    <message>
        <source>Channel:</source>
        <translation>Channel:</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Source:</translation>
    </message>
    <message>
        <source>Gain:</source>
        <translation>Gain:</translation>
    </message>
    <message>
        <source>Offset:</source>
        <translation>Offset:</translation>
    </message>
    <message>
        <source>Colour…</source>
        <translation>Colour…</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>Colour:</translation>
    </message>
    <message>
        <source>Horizontal</source>
        <translation>Horizontal</translation>
    </message>
    <message>
        <source>Time base:</source>
        <translation>Time base:</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Roll</translation>
    </message>
    <message>
        <source>Triggered</source>
        <translation>Triggered</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Mode:</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Trigger</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Level:</translation>
    </message>
    <message>
        <source>Rising</source>
        <translation>Rising</translation>
    </message>
    <message>
        <source>Falling</source>
        <translation>Falling</translation>
    </message>
    <message>
        <source>Edge:</source>
        <translation>Edge:</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Single</source>
        <translation>Single</translation>
    </message>
    <message>
        <source>Sweep:</source>
        <translation>Sweep:</translation>
    </message>
    <message>
        <source> div</source>
        <translation> div</translation>
    </message>
    <message>
        <source>Position:</source>
        <translation>Position:</translation>
    </message>
    <message>
        <source>Cursors</source>
        <translation>Cursors</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>t1 (left click):</source>
        <translation>t1 (left click):</translation>
    </message>
    <message>
        <source>t2 (right click):</source>
        <translation>t2 (right click):</translation>
    </message>
    <message>
        <source>Measurements (visible window)</source>
        <translation>Measurements (visible window)</translation>
    </message>
    <message>
        <source>Autoscale</source>
        <translation>Autoscale</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>Visible data as CSV…</source>
        <translation>Visible data as CSV…</translation>
    </message>
    <message>
        <source>Screen as image (PNG/SVG)…</source>
        <translation>Screen as image (PNG/SVG)…</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>channel picker: source, what it is</comment>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ScopeScreen</name>
    <message>
        <source>%1 [%2]</source>
        <translation>%1 [%2]</translation>
    </message>
    <message>
        <source>%1 %2/div</source>
        <translation>%1 %2/div</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>+%n more</source>
        <translation>
            <numerusform>+%n more</numerusform>
            <numerusform>+%n more</numerusform>
        </translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>STOP</translation>
    </message>
    <message>
        <source>ROLL</source>
        <translation>ROLL</translation>
    </message>
    <message>
        <source>AUTO</source>
        <translation>AUTO</translation>
    </message>
    <message>
        <source>TRIG&apos;D</source>
        <translation>TRIG&apos;D</translation>
    </message>
    <message>
        <source>READY</source>
        <translation>READY</translation>
    </message>
    <message>
        <source>%1/div</source>
        <translation>%1/div</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::ScopeWidget</name>
    <message>
        <source>Δt = %1</source>
        <translation>Δt = %1</translation>
    </message>
    <message>
        <source>   1/Δt = %1 Hz</source>
        <translation>   1/Δt = %1 Hz</translation>
    </message>
    <message>
        <source>max %1  min %2  RMS %3</source>
        <translation>max %1  min %2  RMS %3</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>no data</translation>
    </message>
    <message>
        <source>Δ = %1</source>
        <translation>Δ = %1</translation>
    </message>
    <message>
        <source>No channel on</source>
        <translation>No channel on</translation>
    </message>
    <message>
        <source>Export visible data</source>
        <translation>Export visible data</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export failed</translation>
    </message>
    <message>
        <source>Export screen</source>
        <translation>Export screen</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG image (*.png);;SVG image (*.svg)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
    <message>
        <source>ManipLab oscilloscope</source>
        <translation>ManipLab oscilloscope</translation>
    </message>
    <message>
        <source>Unknown image format &quot;%1&quot; (use .png or .svg)</source>
        <translation>Unknown image format &quot;%1&quot; (use .png or .svg)</translation>
    </message>
    <message>
        <source>Cannot render the image %1</source>
        <translation>Cannot render the image %1</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::SequentialIdentificationDialog</name>
    <message>
        <source>the procedure is the TH8&apos;s (6 joints, R P P R R R); &quot;%1&quot; has %2 joints</source>
        <translation>the procedure is the TH8&apos;s (6 joints, R P P R R R); &quot;%1&quot; has %2 joints</translation>
    </message>
    <message>
        <source>the procedure is the TH8&apos;s: &quot;%1&quot; has no base parameter %2 (step %3)</source>
        <translation>the procedure is the TH8&apos;s: &quot;%1&quot; has no base parameter %2 (step %3)</translation>
    </message>
    <message>
        <source>Step 1 of %1: press &quot;Run step&quot;.</source>
        <translation>Step 1 of %1: press &quot;Run step&quot;.</translation>
    </message>
    <message>
        <source>No robot: open the TH8 (robots/th8.json) first.</source>
        <translation>No robot: open the TH8 (robots/th8.json) first.</translation>
    </message>
    <message>
        <source>The steps are run in order: run step %1 first.</source>
        <translation>The steps are run in order: run step %1 first.</translation>
    </message>
    <message>
        <source>Step %1 done: %2 parameter(s) identified (condition number %3); worst relative error so far %4.</source>
        <translation>Step %1 done: %2 parameter(s) identified (condition number %3); worst relative error so far %4.</translation>
    </message>
    <message>
        <source>All %1 steps done: %2 parameters identified.</source>
        <translation>All %1 steps done: %2 parameters identified.</translation>
    </message>
    <message>
        <source>Step %1 failed: %2</source>
        <translation>Step %1 failed: %2</translation>
    </message>
    <message>
        <source>Step %1 of %2: press &quot;Run step&quot;.</source>
        <translation>Step %1 of %2: press &quot;Run step&quot;.</translation>
    </message>
    <message>
        <source>Sequential identification (Belkoura 1993, TH8, corrected)</source>
        <translation>Sequential identification (Belkoura 1993, TH8, corrected)</translation>
    </message>
    <message>
        <source>Torque noise σ [N m, N]:</source>
        <translation>Torque noise σ [N m, N]:</translation>
    </message>
    <message>
        <source>Run step</source>
        <translation>Run step</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Next</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Restart</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Step</translation>
    </message>
    <message>
        <source>Identified</source>
        <translation>Identified</translation>
    </message>
    <message>
        <source>True</source>
        <translation>True</translation>
    </message>
    <message>
        <source>Relative error</source>
        <translation>Relative error</translation>
    </message>
    <message>
        <source>Std dev</source>
        <translation>Std dev</translation>
    </message>
    <message>
        <source>joint %1 (%2) moves at constant velocity</source>
        <translation>joint %1 (%2) moves at constant velocity</translation>
    </message>
    <message>
        <source>joint %1 (%2) moves at variable velocity</source>
        <translation>joint %1 (%2) moves at variable velocity</translation>
    </message>
    <message>
        <source>rotoid</source>
        <translation>rotoid</translation>
    </message>
    <message>
        <source>prismatic</source>
        <translation>prismatic</translation>
    </message>
    <message>
        <source>joint %1 is held at %2 different angles in [−1.2, 1.2] rad (one per test motion)</source>
        <translation>joint %1 is held at %2 different angles in [−1.2, 1.2] rad (one per test motion)</translation>
    </message>
    <message>
        <source>the other joints stay at 0</source>
        <translation>the other joints stay at 0</translation>
    </message>
    <message>
        <source>Motion:</source>
        <translation>Motion:</translation>
    </message>
    <message>
        <source>Identifies:</source>
        <translation>Identifies:</translation>
    </message>
    <message>
        <source>%1 test motions of 1 s at 1 kHz</source>
        <translation>%1 test motions of 1 s at 1 kHz</translation>
    </message>
    <message>
        <source>Corrected equation (energy theorem 3.5, reference §8):</source>
        <translation>Corrected equation (energy theorem 3.5, reference §8):</translation>
    </message>
    <message>
        <source>Erratum (printed in the thesis):</source>
        <translation>Erratum (printed in the thesis):</translation>
    </message>
    <message>
        <source>Joint works W_k and friction integrals by Simpson&apos;s rule; no accelerations. The rotor inertias are taken from the motor data (the robot file).</source>
        <translation>Joint works W_k and friction integrals by Simpson&apos;s rule; no accelerations. The rotor inertias are taken from the motor data (the robot file).</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::SimulationWorker</name>
    <message>
        <source>No controller selected.</source>
        <translation>No controller selected.</translation>
    </message>
    <message>
        <source>%1: simulation failed: %2</source>
        <translation>%1: simulation failed: %2</translation>
    </message>
    <message>
        <source>%1: t = %2 s: joint %3 passed its %4 limit (q = %5)</source>
        <translation>%1: t = %2 s: joint %3 passed its %4 limit (q = %5)</translation>
    </message>
    <message>
        <source>upper</source>
        <translation>upper</translation>
    </message>
    <message>
        <source>lower</source>
        <translation>lower</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: t = %2 s: actuator %3 passed its %4 limit (q = %5 m)</source>
        <translation>%1: t = %2 s: actuator %3 passed its %4 limit (q = %5 m)</translation>
    </message>
    <message>
        <source>No scene to run.</source>
        <translation>No scene to run.</translation>
    </message>
    <message>
        <source>%1: the controller&apos;s model could not be evaluated in %2 of %3 control periods (%4 %): the PD part alone was applied there%5</source>
        <translation>%1: the controller&apos;s model could not be evaluated in %2 of %3 control periods (%4 %): the PD part alone was applied there%5</translation>
    </message>
    <message>
        <source> (the run was mostly PD, not computed torque)</source>
        <translation> (the run was mostly PD, not computed torque)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::TeachPanel</name>
    <message>
        <source>Home pose</source>
        <translation>Home pose</translation>
    </message>
    <message>
        <source>No robot</source>
        <translation>No robot</translation>
    </message>
    <message>
        <source>End effector: X %1 m, Y %2 m, Z %3 m
φ %4°, θ %5°, ψ %6° (Euler X-Y-Z)</source>
        <translation>End effector: X %1 m, Y %2 m, Z %3 m
φ %4°, θ %5°, ψ %6° (Euler X-Y-Z)</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::TrajectoryEditor</name>
    <message>
        <source>Fourier excitation (identification): the scene&apos;s coefficients, read-only. Choose another type to replace it.</source>
        <translation>Fourier excitation (identification): the scene&apos;s coefficients, read-only. Choose another type to replace it.</translation>
    </message>
    <message>
        <source>No Fourier coefficients: generate an excitation scene in the Identification panel, or choose another type.</source>
        <translation>No Fourier coefficients: generate an excitation scene in the Identification panel, or choose another type.</translation>
    </message>
    <message>
        <source>The Table 8.1 line of Zanaboni 2009 on the UMIS robot (4 s): no parameters.</source>
        <translation>The Table 8.1 line of Zanaboni 2009 on the UMIS robot (4 s): no parameters.</translation>
    </message>
    <message>
        <source>Unknown trajectory type: choose one.</source>
        <translation>Unknown trajectory type: choose one.</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>whole run</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>Goal</translation>
    </message>
    <message>
        <source>Max vel. [/s]</source>
        <translation>Max vel. [/s]</translation>
    </message>
    <message>
        <source>Max acc. [/s²]</source>
        <translation>Max acc. [/s²]</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>joint %1 [%2]</source>
        <translation>joint %1 [%2]</translation>
    </message>
    <message>
        <source>time [s]</source>
        <translation>time [s]</translation>
    </message>
    <message>
        <source>P%1</source>
        <translation>P%1</translation>
    </message>
    <message>
        <source>X [m]</source>
        <translation>X [m]</translation>
    </message>
    <message>
        <source>Y [m]</source>
        <translation>Y [m]</translation>
    </message>
    <message>
        <source>Z [m]</source>
        <translation>Z [m]</translation>
    </message>
    <message>
        <source>φ [°]</source>
        <translation>φ [°]</translation>
    </message>
    <message>
        <source>θ [°]</source>
        <translation>θ [°]</translation>
    </message>
    <message>
        <source>ψ [°]</source>
        <translation>ψ [°]</translation>
    </message>
    <message>
        <source>Not used: the line keeps the start orientation</source>
        <translation>Not used: the line keeps the start orientation</translation>
    </message>
    <message>
        <source>Segment [s]</source>
        <translation>Segment [s]</translation>
    </message>
    <message>
        <source>start</source>
        <translation>start</translation>
    </message>
    <message>
        <source>The platform starts at P1; each other row gives the duration of the segment that reaches it</source>
        <translation>The platform starts at P1; each other row gives the duration of the segment that reaches it</translation>
    </message>
    <message>
        <source>A way-point trajectory needs at least two points</source>
        <translation>A way-point trajectory needs at least two points</translation>
    </message>
    <message>
        <source>Trajectory, %1, %2: &apos;%3&apos; is not a number</source>
        <translation>Trajectory, %1, %2: &apos;%3&apos; is not a number</translation>
    </message>
    <message>
        <source>A via-point trajectory needs at least two points</source>
        <translation>A via-point trajectory needs at least two points</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Type:</translation>
    </message>
    <message>
        <source>Quintic, rest to rest</source>
        <translation>Quintic, rest to rest</translation>
    </message>
    <message>
        <source>Trapezoidal velocity</source>
        <translation>Trapezoidal velocity</translation>
    </message>
    <message>
        <source>Via points (C2 spline)</source>
        <translation>Via points (C2 spline)</translation>
    </message>
    <message>
        <source>Hold a position</source>
        <translation>Hold a position</translation>
    </message>
    <message>
        <source>Cartesian straight line</source>
        <translation>Cartesian straight line</translation>
    </message>
    <message>
        <source>Fourier excitation (read-only)</source>
        <translation>Fourier excitation (read-only)</translation>
    </message>
    <message>
        <source>UMIS thesis line (read-only)</source>
        <translation>UMIS thesis line (read-only)</translation>
    </message>
    <message>
        <source>Platform way-points (Orthoglide)</source>
        <translation>Platform way-points (Orthoglide)</translation>
    </message>
    <message>
        <source>An Orthoglide scene&apos;s reference: the platform point P through way-points (robots/orthoglide.md, Scenes)</source>
        <translation>An Orthoglide scene&apos;s reference: the platform point P through way-points (robots/orthoglide.md, Scenes)</translation>
    </message>
    <message>
        <source>The reference the controllers track (scenes/README.md, Trajectories)</source>
        <translation>The reference the controllers track (scenes/README.md, Trajectories)</translation>
    </message>
    <message>
        <source>Platform point P in R_0, straight segments, each rest to rest with the quintic time scaling; every point must be within reach (inverse geometric model).</source>
        <translation>Platform point P in R_0, straight segments, each rest to rest with the quintic time scaling; every point must be within reach (inverse geometric model).</translation>
    </message>
    <message>
        <source>Add point</source>
        <translation>Add point</translation>
    </message>
    <message>
        <source>Inserts a copy of the selected point after it</source>
        <translation>Inserts a copy of the selected point after it</translation>
    </message>
    <message>
        <source>Remove point</source>
        <translation>Remove point</translation>
    </message>
    <message>
        <source>Removes the selected point (at least two remain)</source>
        <translation>Removes the selected point (at least two remain)</translation>
    </message>
    <message>
        <source>Motion duration:</source>
        <translation>Motion duration:</translation>
    </message>
    <message>
        <source>Sample period:</source>
        <translation>Sample period:</translation>
    </message>
    <message>
        <source>default</source>
        <translation>default</translation>
    </message>
    <message>
        <source>Inverse kinematics:</source>
        <translation>Inverse kinematics:</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>UMIS closed form</source>
        <translation>UMIS closed form</translation>
    </message>
    <message>
        <source>numeric</source>
        <translation>numeric</translation>
    </message>
    <message>
        <source>%1°</source>
        <translation>%1°</translation>
    </message>
    <message>
        <source>%1 m</source>
        <translation>%1 m</translation>
    </message>
    <message>
        <source>%1°/s</source>
        <translation>%1°/s</translation>
    </message>
    <message>
        <source>%1 m/s</source>
        <translation>%1 m/s</translation>
    </message>
    <message>
        <source>%1°/s²</source>
        <translation>%1°/s²</translation>
    </message>
    <message>
        <source>%1 m/s²</source>
        <translation>%1 m/s²</translation>
    </message>
    <message>
        <source>%1 N m</source>
        <translation>%1 N m</translation>
    </message>
    <message>
        <source>%1 N</source>
        <translation>%1 N</translation>
    </message>
    <message>
        <source>The trajectory passes the robot&apos;s limits (checked before the run, without simulating):</source>
        <translation>The trajectory passes the robot&apos;s limits (checked before the run, without simulating):</translation>
    </message>
    <message>
        <source>joint %1</source>
        <translation>joint %1</translation>
    </message>
    <message>
        <source>joint %1 (%2)</source>
        <translation>joint %1 (%2)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its upper limit %3 by %4 (peak %5 at t = %6 s)</source>
        <translation>t = %1 s: %2 passes its upper limit %3 by %4 (peak %5 at t = %6 s)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 passes its lower limit %3 by %4 (peak %5 at t = %6 s)</source>
        <translation>t = %1 s: %2 passes its lower limit %3 by %4 (peak %5 at t = %6 s)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 exceeds its velocity limit %3 by %4 (peak %5 at t = %6 s)</source>
        <translation>t = %1 s: %2 exceeds its velocity limit %3 by %4 (peak %5 at t = %6 s)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 exceeds its acceleration limit %3 by %4 (peak %5 at t = %6 s)</source>
        <translation>t = %1 s: %2 exceeds its acceleration limit %3 by %4 (peak %5 at t = %6 s)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 needs more than its torque limit %3, by %4 (peak %5 at t = %6 s; inverse dynamics along the path)</source>
        <translation>t = %1 s: %2 needs more than its torque limit %3, by %4 (peak %5 at t = %6 s; inverse dynamics along the path)</translation>
    </message>
    <message>
        <source>t = %1 s: %2 needs more than its force limit %3, by %4 (peak %5 at t = %6 s; inverse dynamics along the path)</source>
        <translation>t = %1 s: %2 needs more than its force limit %3, by %4 (peak %5 at t = %6 s; inverse dynamics along the path)</translation>
    </message>
    <message numerus="yes">
        <source>... and %n more.</source>
        <translation>
            <numerusform>... and %n more.</numerusform>
            <numerusform>... and %n more.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sampled every %1 ms with every peak refined between the samples; a run would drive the robot beyond these limits or saturate its drives.</source>
        <translation>Sampled every %1 ms with every peak refined between the samples; a run would drive the robot beyond these limits or saturate its drives.</translation>
    </message>
</context>
<context>
    <name>maniplab::ui::UrdfChainDialog</name>
    <message>
        <source>Tip link</source>
        <translation>Tip link</translation>
    </message>
    <message>
        <source>Moving joints</source>
        <translation>Moving joints</translation>
    </message>
    <message>
        <source>Locked joints</source>
        <translation>Locked joints</translation>
    </message>
    <message>
        <source>Path from the root</source>
        <translation>Path from the root</translation>
    </message>
    <message>
        <source>Joint</source>
        <translation>Joint</translation>
    </message>
    <message>
        <source>Locked at</source>
        <translation>Locked at</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unit</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Why</translation>
    </message>
    <message>
        <source>Default positions</source>
        <translation>Default positions</translation>
    </message>
    <message>
        <source>Forget the positions typed here: zero, or multiplier × q + offset for mimic joints</source>
        <translation>Forget the positions typed here: zero, or multiplier × q + offset for mimic joints</translation>
    </message>
    <message numerus="yes">
        <source>%n joint(s)</source>
        <translation>
            <numerusform>%n joint</numerusform>
            <numerusform>%n joints</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, of which %n mimic joint(s) on the chain</source>
        <translation>
            <numerusform>, of which %n mimic joint on the chain</numerusform>
            <numerusform>, of which %n mimic joints on the chain</numerusform>
        </translation>
    </message>
    <message>
        <source>; a mimic coupling with a moving joint is not followed</source>
        <translation>; a mimic coupling with a moving joint is not followed</translation>
    </message>
    <message>
        <source>Choose a chain above.</source>
        <translation>Choose a chain above.</translation>
    </message>
    <message numerus="yes">
        <source>The chain to %1 has %n moving joint(s) and locks no joint.</source>
        <translation>
            <numerusform>The chain to %1 has %n moving joint and locks no joint.</numerusform>
            <numerusform>The chain to %1 has %n moving joints and locks no joint.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The chain to %1 has %n moving joint(s). Joints it locks (type a position to state another; the links are lumped at that position):</source>
        <translation>
            <numerusform>The chain to %1 has %n moving joint. Joints it locks (type a position to state another; the links are lumped at that position):</numerusform>
            <numerusform>The chain to %1 has %n moving joints. Joints it locks (type a position to state another; the links are lumped at that position):</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 (SI)</source>
        <translation>%1 %2 (SI)</translation>
    </message>
    <message>
        <source>mm</source>
        <translation>mm</translation>
    </message>
    <message>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <source>stated here</source>
        <translation>stated here</translation>
    </message>
    <message>
        <source>mimic of %1: %2 × q + %3</source>
        <translation>mimic of %1: %2 × q + %3</translation>
    </message>
    <message>
        <source>default position</source>
        <translation>default position</translation>
    </message>
    <message>
        <source>on the chain</source>
        <translation>on the chain</translation>
    </message>
    <message>
        <source>off the chain</source>
        <translation>off the chain</translation>
    </message>
    <message>
        <source>%1 moves on the chain: these links do not follow it</source>
        <translation>%1 moves on the chain: these links do not follow it</translation>
    </message>
    <message>
        <source>links lumped into the fixed base (no effect on the dynamics)</source>
        <translation>links lumped into the fixed base (no effect on the dynamics)</translation>
    </message>
    <message>
        <source>links lumped into the body of link %1</source>
        <translation>links lumped into the body of link %1</translation>
    </message>
    <message>
        <source>; </source>
        <comment>separator of the reasons of a locked joint</comment>
        <translation>; </translation>
    </message>
    <message>
        <source>Choose the tree or the chain to simulate</source>
        <translation>Choose the tree or the chain to simulate</translation>
    </message>
    <message>
        <source>%1 describes a tree: its moving joints branch (a gripper, several arms, a head). ManipLab simulates the whole tree from the root link &quot;%2&quot; (first row), or one serial chain from it: choose the link it ends at. Every other moving joint is locked at the position shown below, and the links it carries are lumped into the body they hang from (masses, centres of mass and inertias combined exactly). Mimic joints are locked too: at multiplier × q + offset of the joint they follow.</source>
        <translation>%1 describes a tree: its moving joints branch (a gripper, several arms, a head). ManipLab simulates the whole tree from the root link &quot;%2&quot; (first row), or one serial chain from it: choose the link it ends at. Every other moving joint is locked at the position shown below, and the links it carries are lumped into the body they hang from (masses, centres of mass and inertias combined exactly). Mimic joints are locked too: at multiplier × q + offset of the joint they follow.</translation>
    </message>
    <message>
        <source>(whole tree)</source>
        <translation>(whole tree)</translation>
    </message>
    <message>
        <source>Every moving joint but the mimic joints: %1</source>
        <translation>Every moving joint but the mimic joints: %1</translation>
    </message>
    <message numerus="yes">
        <source>, of which %n mimic joint(s)</source>
        <translation>
            <numerusform>, of which %n mimic joint</numerusform>
            <numerusform>, of which %n mimic joints</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The whole tree has %n moving joint(s). Joints it locks (type a position to state another; the links are lumped at that position):</source>
        <translation>
            <numerusform>The whole tree has %n moving joint. Joints it locks (type a position to state another; the links are lumped at that position):</numerusform>
            <numerusform>The whole tree has %n moving joints. Joints it locks (type a position to state another; the links are lumped at that position):</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 moves: these links do not follow it</source>
        <translation>%1 moves: these links do not follow it</translation>
    </message>
</context>
</TS>
